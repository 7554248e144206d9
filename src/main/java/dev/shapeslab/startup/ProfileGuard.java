package dev.shapeslab.startup;

import dev.shapeslab.execution.Variants;
import dev.shapeslab.persistence.stub.StubLatency;
import dev.shapeslab.persistence.Backends;
import dev.shapeslab.web.Servers;

import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * Refuses to start with two execution variants or two backends: each would bring its own beans, and a mix
 * would measure something nobody asked for; refuses the r2dbc backend under a variant that blocks on its store
 * calls (plain, virtual), which has no store there; refuses Jetty (profile {@code jetty}) under a variant with a server
 * of its own (webflux, vertx); and refuses the stub's timer latency under a variant that
 * cannot wait on timers (only {@code async}, {@code webflux} and {@code vertx} take the wait over; elsewhere the setting would
 * silently do nothing). Runs before any bean is created, so the message is the first error a user sees.
 */
@Component
class ProfileGuard implements BeanFactoryPostProcessor, EnvironmentAware {

    private static final Logger log = LoggerFactory.getLogger(ProfileGuard.class);

    private Environment environment;

    @Override
    public void setEnvironment(Environment environment) {
        this.environment = environment;
    }

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
        List<String> active = Arrays.asList(environment.getActiveProfiles());
        requireAtMostOne("execution variant", Variants.ALL, active);
        requireAtMostOne("backend", Backends.ALL, active);
        active.stream()
                .filter(profile -> !Variants.ALL.contains(profile) && !Backends.ALL.contains(profile)
                        && !Servers.ALL.contains(profile))
                .forEach(profile -> log.warn("Profile '{}' is neither an execution variant {}, a backend {} nor a "
                        + "server {}", profile, Variants.ALL, Backends.ALL, Servers.ALL));
        requireServletVariantOnJetty(active);
        requireNonBlockingVariantOnR2dbc(active);
        if ("timer".equals(environment.getProperty(StubLatency.MODE)) && !active.contains(Variants.ASYNC)
                && !active.contains(Variants.WEBFLUX) && !active.contains(Variants.VERTX)) {
            throw new IllegalStateException(StubLatency.MODE + "=timer needs the " + Variants.ASYNC + ", "
                    + Variants.WEBFLUX + " or " + Variants.VERTX + " variant: only they wait on timers");
        }
    }

    /**
     * The r2dbc backend offers only the non-blocking store port, which {@code async}, {@code rxjava} and
     * {@code webflux} build on; {@code plain} and {@code virtual} block on their store calls by design and stay on
     * JDBC (backend {@code pg}, the same PostgreSQL). No variant means {@code plain}.
     */
    private static void requireNonBlockingVariantOnR2dbc(List<String> active) {
        if (active.contains(Backends.R2DBC) && active.contains(Variants.VERTX)) {
            throw new IllegalStateException("The " + Backends.R2DBC + " backend's store is Reactor's, which the "
                    + Variants.VERTX + " variant does not use; " + Variants.VERTX + " runs on PostgreSQL through the "
                    + "Vert.x PostgreSQL client, non-blocking: use backend " + Backends.PG + " (--spring.profiles.active="
                    + Variants.VERTX + "," + Backends.PG + ")");
        }
        if (!active.contains(Backends.R2DBC) || active.contains(Variants.ASYNC) || active.contains(Variants.RXJAVA)
                || active.contains(Variants.WEBFLUX)) {
            return;
        }
        String variant = active.contains(Variants.VIRTUAL) ? Variants.VIRTUAL : Variants.PLAIN;
        throw new IllegalStateException("The " + Backends.R2DBC + " backend serves only the " + Variants.ASYNC + ", "
                + Variants.RXJAVA + " and " + Variants.WEBFLUX + " variants; " + variant + " blocks on its store calls"
                + " and runs on PostgreSQL through JDBC: use backend " + Backends.PG + " (--spring.profiles.active="
                + variant + "," + Backends.PG + "), or variant " + Variants.ASYNC + ", " + Variants.RXJAVA + " or "
                + Variants.WEBFLUX + " with " + Backends.R2DBC);
    }

    /**
     * Jetty serves the servlet variants in place of Tomcat; {@code webflux} runs on Reactor Netty and {@code vertx} on
     * Vert.x's own server, which the profile would not change.
     */
    private static void requireServletVariantOnJetty(List<String> active) {
        if (!active.contains(Servers.JETTY)) {
            return;
        }
        active.stream().filter(profile -> profile.equals(Variants.WEBFLUX) || profile.equals(Variants.VERTX))
                .findFirst().ifPresent(variant -> {
                    throw new IllegalStateException("Profile " + Servers.JETTY + " chooses the server of the servlet "
                            + "variants (" + Variants.PLAIN + ", " + Variants.RXJAVA + ", " + Variants.ASYNC + ", "
                            + Variants.VIRTUAL + "; Tomcat without it); " + variant + " has a server of its own ("
                            + (variant.equals(Variants.WEBFLUX) ? "Reactor Netty" : "Vert.x's") + "): drop "
                            + Servers.JETTY + ", or run a servlet variant on it (for example --spring.profiles.active="
                            + Variants.ASYNC + "," + Servers.JETTY + ")");
                });
    }

    private static void requireAtMostOne(String axis, List<String> choices, List<String> active) {
        List<String> chosen = active.stream().filter(choices::contains).toList();
        if (chosen.size() > 1) {
            throw new IllegalStateException("Profiles " + chosen + " are all " + axis + "s; activate at most one of "
                    + choices + " (for example --spring.profiles.active=" + Variants.ASYNC + "," + Backends.STUB + ")");
        }
    }
}
