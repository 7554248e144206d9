package dev.shapeslab.deployment;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;
import org.springframework.core.env.Environment;

/**
 * What runs: one variant, one backend and the server, read from the profiles by {@link #of}, which refuses what
 * nobody asked for, and what follows (the store, its port). None of an axis means {@code plain}, embedded, Tomcat.
 */
public record Deployment(Variant variant, Backend backend, Server server) {

    /** The execution model that serves requests: {@code execution.<profile>}. */
    public enum Variant {
        /** Blocking, a request thread from start to finish: the default. */
        PLAIN,
        RXJAVA,
        ASYNC,
        /** The plain code on virtual threads (JDK 21+). */
        VIRTUAL,
        /** Spring WebFlux on Reactor Netty: no Tomcat, no Jersey. */
        WEBFLUX,
        /** Vert.x Web on Vert.x's own HTTP server; Spring wires the beans and starts no web server. */
        VERTX;

        public String profile() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** Whether a request it serves can wait on a timer, holding no thread (the stub's timer latency). */
        public boolean waitsOnTimers() {
            return this == ASYNC || this == WEBFLUX || this == VERTX;
        }

        /** Whether it runs on Tomcat or Jetty with Jersey, rather than on a server of its own. */
        public boolean servlet() {
            return this != WEBFLUX && this != VERTX;
        }
    }

    /** Where the data is; {@link #EMBEDDED} (in-memory H2 in the app) when no backend profile is given. */
    public enum Backend {
        EMBEDDED, H2, PG, STUB,
        /** PostgreSQL through its non-blocking R2DBC driver. */
        R2DBC;

        public String profile() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** What serves HTTP: the servlet variants' Tomcat, or Jetty (profile {@code jetty}); the others' own. */
    public enum Server {
        TOMCAT("Tomcat"), JETTY("Jetty"), REACTOR_NETTY("Reactor Netty"), VERTX("Vert.x");

        /** The one server profile; Tomcat serves without it. */
        public static final String JETTY_PROFILE = "jetty";

        private final String title;

        Server(String title) {
            this.title = title;
        }

        public String title() {
            return title;
        }
    }

    /** The store a backend means under a variant, and its port. */
    public enum Store {
        /** JPA over JDBC on H2 (embedded, h2): writes in Hibernate's transactions. */
        JDBC_ON_H2("JDBC on H2", Port.BLOCKING),
        /** JPA over JDBC on PostgreSQL (pg, any variant but vertx): each write one statement in auto-commit. */
        JDBC_ON_PG("JDBC on PostgreSQL", Port.BLOCKING),
        /** The Vert.x PostgreSQL client on the vertx variant's event loops (pg under vertx). */
        PG_CLIENT("the Vert.x PostgreSQL client", Port.NON_BLOCKING),
        /** r2dbc-postgresql and r2dbc-pool. */
        R2DBC("R2DBC", Port.NON_BLOCKING),
        /** In memory, with injectable latency. */
        STUB("the stub", Port.BLOCKING);

        private final String title;
        private final Port port;

        Store(String title, Port port) {
            this.title = title;
            this.port = port;
        }

        public String title() {
            return title;
        }

        public Port port() {
            return port;
        }

        /** Whether Spring's DataSource, Hibernate and Spring Data JPA run (the JDBC stores). */
        public boolean jdbc() {
            return this == JDBC_ON_H2 || this == JDBC_ON_PG;
        }
    }

    /**
     * The store port a variant calls: {@code EntityStore}, whose calls hold their thread, or a non-blocking one
     * ({@code ReactiveEntityStore}'s Monos, {@code VertxEntityStore}'s Futures).
     */
    public enum Port {
        BLOCKING, NON_BLOCKING
    }

    public static final List<String> VARIANTS = Stream.of(Variant.values()).map(Variant::profile).toList();
    public static final List<String> BACKENDS = Stream.of(Backend.values()).map(Backend::profile).toList();

    /** Refuses the pairings that have no store or no server (see {@link #of(Collection)}). */
    public Deployment {
        if (backend == Backend.R2DBC && variant == Variant.VERTX) {
            throw new IllegalStateException("The r2dbc backend's store is Reactor's, which the vertx variant does not "
                    + "use; vertx runs on PostgreSQL through the Vert.x PostgreSQL client, non-blocking: use backend pg "
                    + "(--spring.profiles.active=vertx,pg)");
        }
        if (backend == Backend.R2DBC && (variant == Variant.PLAIN || variant == Variant.VIRTUAL)) {
            throw new IllegalStateException("The r2dbc backend serves only the async, rxjava and webflux variants; "
                    + variant.profile() + " blocks on its store calls and runs on PostgreSQL through JDBC: use backend "
                    + "pg (--spring.profiles.active=" + variant.profile() + ",pg), or variant async, rxjava or webflux "
                    + "with r2dbc");
        }
        if (server == Server.JETTY && !variant.servlet()) {
            throw new IllegalStateException("Profile jetty chooses the server of the servlet variants (plain, rxjava, "
                    + "async, virtual; Tomcat without it); " + variant.profile() + " has a server of its own ("
                    + serverOf(variant, false).title() + "): drop jetty, or run a servlet variant on it (for example "
                    + "--spring.profiles.active=async,jetty)");
        }
        if (server != Server.JETTY && server != serverOf(variant, false)) {
            throw new IllegalArgumentException(variant.profile() + " does not run on " + server.title());
        }
    }

    /** The deployment the environment's active profiles (else its default profiles) choose. */
    public static Deployment of(Environment environment) {
        String[] profiles = environment.getActiveProfiles();
        return of(Arrays.asList(profiles.length > 0 ? profiles : environment.getDefaultProfiles()));
    }

    /**
     * The deployment these profiles choose; refuses two of an axis, each would bring its own beans. Profiles of no
     * axis are left to the caller ({@link #unknown}).
     */
    public static Deployment of(Collection<String> profiles) {
        Variant variant = atMostOne("execution variant", VARIANTS, profiles)
                .map(profile -> Variant.valueOf(profile.toUpperCase(Locale.ROOT))).orElse(Variant.PLAIN);
        Backend backend = atMostOne("backend", BACKENDS, profiles)
                .map(profile -> Backend.valueOf(profile.toUpperCase(Locale.ROOT))).orElse(Backend.EMBEDDED);
        return new Deployment(variant, backend, serverOf(variant, profiles.contains(Server.JETTY_PROFILE)));
    }

    /** The profiles of no axis (Spring's {@code default} aside): a typo, most likely. */
    public static List<String> unknown(Collection<String> profiles) {
        return profiles.stream().filter(profile -> !VARIANTS.contains(profile) && !BACKENDS.contains(profile)
                && !profile.equals(Server.JETTY_PROFILE) && !profile.equals("default")).toList();
    }

    /** The store the backend means under this variant: {@code pg} is the Vert.x client under {@code vertx}. */
    public Store store() {
        return switch (backend) {
            case EMBEDDED, H2 -> Store.JDBC_ON_H2;
            case PG -> variant == Variant.VERTX ? Store.PG_CLIENT : Store.JDBC_ON_PG;
            case R2DBC -> Store.R2DBC;
            case STUB -> Store.STUB;
        };
    }

    public Port port() {
        return store().port();
    }

    @Override
    public String toString() {
        return variant.profile() + " on " + backend.profile() + " (" + store().title() + ", "
                + port().name().toLowerCase(Locale.ROOT).replace('_', '-') + " store port), served by "
                + server.title();
    }

    private static Server serverOf(Variant variant, boolean jetty) {
        return jetty ? Server.JETTY : switch (variant) {
            case WEBFLUX -> Server.REACTOR_NETTY;
            case VERTX -> Server.VERTX;
            default -> Server.TOMCAT;
        };
    }

    private static Optional<String> atMostOne(String axis, List<String> choices,
            Collection<String> profiles) {
        List<String> chosen = profiles.stream().filter(choices::contains).toList();
        if (chosen.size() > 1) {
            throw new IllegalStateException("Profiles " + chosen + " are all " + axis + "s; activate at most one of "
                    + choices + " (for example --spring.profiles.active=async,stub)");
        }
        return chosen.stream().findFirst();
    }
}
