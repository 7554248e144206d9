package dev.shapeslab.deployment;

import dev.shapeslab.deployment.Deployment.Backend;
import dev.shapeslab.deployment.Deployment.Server;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.deployment.Deployment.Variant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.logging.Log;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.config.ConfigDataEnvironmentPostProcessor;
import org.springframework.boot.logging.DeferredLogFactory;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;

/**
 * The settings whose defaults depend on the {@link Deployment}, as one property source ({@value #SOURCE}) below every
 * configuration file and setting: whatever the user sets (command line, system properties, environment,
 * application*.properties, a test's properties) wins. Runs right after the configuration files are read, when the
 * active profiles are known; reading the deployment refuses a combination that does not start, before any bean.
 */
public class DeploymentDefaults implements EnvironmentPostProcessor, Ordered {

    public static final String SOURCE = "deploymentDefaults";

    private final Log log;

    public DeploymentDefaults(DeferredLogFactory logs) {
        this.log = logs.getLog(DeploymentDefaults.class);
    }

    @Override
    public int getOrder() {
        return ConfigDataEnvironmentPostProcessor.ORDER + 1;
    }

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        Deployment deployment = Deployment.of(environment);
        Deployment.unknown(Arrays.asList(environment.getActiveProfiles())).forEach(profile -> log.warn("Profile '"
                + profile + "' is neither an execution variant " + Deployment.VARIANTS + ", a backend "
                + Deployment.BACKENDS + " nor a server [" + Deployment.Server.JETTY_PROFILE + "]"));
        MapPropertySource defaults = new MapPropertySource(SOURCE, defaults(deployment));
        MutablePropertySources sources = environment.getPropertySources();
        if (sources.contains("defaultProperties")) {
            sources.addBefore("defaultProperties", defaults);
        } else {
            sources.addLast(defaults);
        }
    }

    /** The table: each setting's default for this deployment, and why. */
    static Map<String, Object> defaults(Deployment deployment) {
        Variant variant = deployment.variant();
        Store store = deployment.store();
        Map<String, Object> settings = new LinkedHashMap<>();
        // Admission on a database follows the pool of the driver that serves the requests (in-flight-per-connection
        // x database-connections, AdmissionSettings), so that a larger pool admits more; a pool that does not run
        // leaves it alone.
        settings.put("shapes.admission.database-connections", switch (store) {
            case R2DBC -> "${shapes.r2dbc.pool.max-size}";
            case PG_CLIENT -> "${shapes.vertx.pg.pool.max-size}";
            default -> "${spring.datasource.hikari.maximum-pool-size:10}";
        });
        // Under async, virtual, webflux and vertx a request waiting on its store holds no platform thread.
        boolean waitsOnNoThread = variant != Variant.PLAIN && variant != Variant.RXJAVA;
        int maxInFlight = 0;
        int maxQueue;
        if (store == Store.STUB) {
            // The stub has no pool: what holds a waiting request decides. Where nothing does, the bound is heap and
            // latency, not threads: 1,000. Under plain and rxjava, 150: with the 50 request threads a servlet server
            // keeps beyond the admitted to take new requests and turn the excess away fast
            // (web.admission.RequestThreads), Boot's 200.
            maxInFlight = waitsOnNoThread ? 1000 : 150;
            // Twice the admitted under plain and rxjava: a longer queue cost the admitted requests throughput under
            // overload, since each waiting request is dispatched again by the same request threads; fewer under
            // virtual, where a waiting request keeps its request processor, whose heap virtual's 1,000 admitted
            // requests need under overload (docs/results.md, Admission).
            maxQueue = variant == Variant.VIRTUAL ? 100 : waitsOnNoThread ? 1000 : 300;
            settings.put("shapes.admission.max-in-flight", maxInFlight);
            settings.put("shapes.admission.in-flight-per-connection", 2);
        } else {
            // On a database, twice the pool's connections in flight (20 with the pools' default of 10), whatever
            // holds a waiting request. The connections bound what any variant serves, so more requests in flight
            // would only wait for a connection, in a queue of the pool's or of a blocking pool's, with the store
            // call's deadline running: under a slow database, requests that had waited their whole deadline in the
            // R2DBC pool's queue reached the database with no time left and their cancels broke connections
            // (docs/results.md, A slow database). Under virtual, as many as the pool has: a request in flight past
            // them waits for a connection as a parked virtual thread, woken by the one that gives it back onto that
            // carrier's own queue; such hand-over chains kept the carriers from the threads woken from other queues,
            // which then waited seconds in a cold JVM
            // (docs/notebook/2026-11-26-virtual-threads-and-the-scheduler-queues.md).
            settings.put("shapes.admission.in-flight-per-connection", variant == Variant.VIRTUAL ? 1 : 2);
            // The crowd waits at admission instead, in arrival order, holding no thread, up to max-wait: with the
            // pools' default, 2,000 held in all, so that 2,000 clients in a closed loop are answered, and a new crowd
            // of 1,000 finds room while the waiting requests of 1,000 clients that just went away (which the server
            // cannot see while they wait) are still queued.
            maxQueue = variant == Variant.VIRTUAL ? 1990 : 1980;
        }
        settings.put("shapes.admission.max-queue", maxQueue);
        // Tomcat's connections: under plain and rxjava on the stub, Tomcat's own 8192, where free request threads turn
        // the excess away. Elsewhere the requests admitted and waiting, and 20 more, on which the excess is turned
        // away: clients past them wait in the kernel's accept queue (server.tomcat.accept-count) and cost the app
        // nothing there, so at most 20 rejections are under way at once and turning clients away cannot take the CPU
        // and heap the admitted requests need. On a database,
        // 400 more instead: admission follows the pool, and a pool sized for a slow database (up to 200 connections,
        // pg/loadtestpg.sh's max_connections) admits up to 400, which Tomcat must hold beside the queue. Start-up
        // refuses a value at or below max-in-flight + max-queue, which would leave no connection to answer 503 on.
        // The price: a client holding more keep-alive connections than the bound, idle or not, has the surplus wait
        // until a held connection closes. (Jetty, Reactor Netty and Vert.x accept every client: below.)
        if (store != Store.STUB) {
            settings.put("server.tomcat.max-connections", 2000 + 400);
        } else if (waitsOnNoThread) {
            settings.put("server.tomcat.max-connections", maxInFlight + maxQueue + 20);
        }
        // A request past admission's queue. Jetty, Reactor Netty and Vert.x accept every client and keep a connection
        // after its 503, at a few KB a held request: there a refusal is held for max-wait, or clients that send again
        // at once spin the server on 503s and starve the admitted requests (docs/results.md, A slow database). Tomcat
        // closes the connection after every 503 and keeps about 117 KB for a held request, so its connection bound
        // leaves the clients past it in the kernel's accept queue, and a refusal at once moves that queue on; held
        // there, the few connections past the queue let few clients through, and the others, a lone client among
        // them, waited past their timeouts.
        if (deployment.server() == Server.TOMCAT) {
            settings.put("shapes.admission.refusal-delay", "0ms");
        }
        // The breaker's window (persistence.OutageBreaker). The embedded database lives in the app's own JVM: it is
        // never unreachable, so a statement past its deadline there is slowness, not an outage, and failing every
        // call of the next moment fast would turn one slow request into hundreds of 503s (as it did under virtual in
        // a cold JVM: docs/results.md, Admission). 0ms turns it off.
        settings.put("shapes.database.fail-fast", deployment.backend() == Backend.EMBEDDED ? "0ms" : "250ms");
        // No JDBC DataSource, connection pool or Hibernate where the stores are not JDBC's; on the stub no Flyway
        // either. On PostgreSQL (R2DBC, the Vert.x client) Flyway migrates the schema over a JDBC connection of its
        // own as the app starts (the same migrations as every other database backend), then closes it; requests
        // never touch JDBC.
        if (!store.jdbc()) {
            String jdbc = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration,"
                    + "org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration,"
                    + "org.springframework.boot.data.jpa.autoconfigure.DataJpaRepositoriesAutoConfiguration";
            settings.put("spring.autoconfigure.exclude", store == Store.STUB
                    ? jdbc + ",org.springframework.boot.flyway.autoconfigure.FlywayAutoConfiguration" : jdbc);
        }
        if (store == Store.R2DBC || store == Store.PG_CLIENT) {
            settings.put("spring.flyway.url", "jdbc:postgresql://${shapes.pg.host}:${shapes.pg.port}/"
                    + "${shapes.pg.database}?connectTimeout=2&socketTimeout=60&ApplicationName=shapes-lab-flyway");
            settings.put("spring.flyway.user", "${spring.datasource.username}");
            settings.put("spring.flyway.password", "${spring.datasource.password:}");
        }
        return settings;
    }
}
