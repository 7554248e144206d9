package dev.shapeslab.web;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.execution.HttpTestSupport;
import dev.shapeslab.execution.Variants;
import dev.shapeslab.persistence.Backends;
import dev.shapeslab.web.admission.AdmissionSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.coyote.AbstractProtocol;
import org.springframework.boot.bootstrap.DefaultBootstrapContext;
import org.springframework.boot.context.config.ConfigDataEnvironmentPostProcessor;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.tomcat.autoconfigure.TomcatServerProperties;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.test.context.ActiveProfiles;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/**
 * The admission limits and Tomcat's connection limits that application.properties sets per variant and backend
 * (documents activated by profile), for every pairing: read as the app would read them, by binding its
 * configuration for the pairing's profiles, without starting an app per pairing. What Tomcat makes of them is
 * checked once, on a running app.
 */
@ActiveProfiles({"plain", "stub"})
public class TuningTests extends HttpTestSupport {

    /** Under Tomcat's default (8192) the excess of a blocking variant is refused by free request threads. */
    private static final int TOMCAT_DEFAULT_MAX_CONNECTIONS = 8192;

    /**
     * variant, backend (null: the embedded database, no profile), max-in-flight, max-queue, max-connections.
     * On a database every variant admits twice the pool's connections (virtual: as many as the pool has; the pools'
     * default is 10) and queues the crowd: the connections bound what any of them serves. On the stub, what holds a waiting request
     * decides: under async, virtual, webflux and vertx no thread, so heap and latency bound them; the blocking
     * variants stay below Tomcat's 200 request threads.
     */
    @DataProvider
    public Object[][] pairings() {
        List<Object[]> rows = new ArrayList<>();
        for (String backend : new String[] {null, Backends.H2, Backends.PG}) {
            rows.add(new Object[] {Variants.PLAIN, backend, 20, 1980, 2400});
            rows.add(new Object[] {Variants.RXJAVA, backend, 20, 1980, 2400});
            rows.add(new Object[] {Variants.ASYNC, backend, 20, 1980, 2400});
            rows.add(new Object[] {Variants.VIRTUAL, backend, 10, 1990, 2400}); // none waits for a connection
            rows.add(new Object[] {Variants.WEBFLUX, backend, 20, 1980, 2400});
            rows.add(new Object[] {Variants.VERTX, backend, 20, 1980, 2400});
        }
        rows.add(new Object[] {Variants.PLAIN, Backends.STUB, 150, 300, TOMCAT_DEFAULT_MAX_CONNECTIONS});
        rows.add(new Object[] {Variants.RXJAVA, Backends.STUB, 150, 300, TOMCAT_DEFAULT_MAX_CONNECTIONS});
        rows.add(new Object[] {Variants.ASYNC, Backends.STUB, 1000, 1000, 2020});
        rows.add(new Object[] {Variants.VIRTUAL, Backends.STUB, 1000, 100, 1120});
        rows.add(new Object[] {Variants.WEBFLUX, Backends.STUB, 1000, 1000, 2020});
        rows.add(new Object[] {Variants.VERTX, Backends.STUB, 1000, 1000, 2020});
        rows.add(new Object[] {Variants.ASYNC, Backends.R2DBC, 20, 1980, 2400});
        rows.add(new Object[] {Variants.WEBFLUX, Backends.R2DBC, 20, 1980, 2400});
        rows.add(new Object[] {Variants.RXJAVA, Backends.R2DBC, 20, 1980, 2400});
        return rows.toArray(Object[][]::new);
    }

    @Test(dataProvider = "pairings")
    public void admissionAndTomcatsConnectionsFollowTheVariantAndBackend(String variant, String backend,
            int maxInFlight, int maxQueue, int maxConnections) {
        Binder configuration = configuration(backend == null ? new String[] {variant} : new String[] {variant, backend});
        AdmissionSettings admission = configuration.bindOrCreate("shapes.admission", AdmissionSettings.class);
        TomcatServerProperties tomcat = configuration.bindOrCreate("server.tomcat", TomcatServerProperties.class);

        assertEquals(admission.maxInFlight(), maxInFlight, "shapes.admission.max-in-flight");
        assertEquals(admission.maxQueue(), maxQueue, "shapes.admission.max-queue");
        assertEquals(admission.maxWait(), Duration.ofSeconds(2), "shapes.admission.max-wait");
        assertEquals(admission.algorithm(), "fixed", "shapes.admission.algorithm");
        assertEquals(tomcat.getMaxConnections(), maxConnections, "server.tomcat.max-connections");
        assertTrue(tomcat.getMaxConnections() > admission.maxHeld(), "no connection left to answer 503 on");
        assertEquals(tomcat.getAcceptCount(), 4096, "server.tomcat.accept-count");
    }

    /**
     * Fail-fast is for a database that can be unreachable: a server (H2 TCP, PostgreSQL over JDBC or R2DBC). The
     * embedded database is in the app's JVM, where a statement past its deadline is slowness, and failing the calls
     * after it would turn one slow request into hundreds of 503s.
     */
    @Test
    public void onlyADatabaseServerFailsFast() {
        for (String variant : new String[] {Variants.PLAIN, Variants.ASYNC, Variants.VIRTUAL, Variants.WEBFLUX,
                Variants.VERTX}) {
            assertEquals(failFast(variant), Duration.ZERO, variant + " on the embedded database");
            assertEquals(failFast(variant, Backends.H2), Duration.ofMillis(250), variant + " on h2");
            assertEquals(failFast(variant, Backends.PG), Duration.ofMillis(250), variant + " on pg");
        }
        assertEquals(failFast(Variants.ASYNC, Backends.R2DBC), Duration.ofMillis(250), "async on r2dbc");
    }

    private static Duration failFast(String... profiles) {
        return configuration(profiles).bind("shapes.database.fail-fast", Duration.class).get();
    }

    /**
     * Under overload every 503 closes its connection (Tomcat's rule) and the client connects again: Tomcat holds
     * the connections the configuration gives it, and the kernel queues 4,096 more, where they cost the app
     * nothing. Tomcat keeps a request processor for every request admission control may hold, admitted or
     * waiting, so that none is rebuilt per request (Boot sets its own cache size first); and it keeps the buffers
     * of closed connections for new ones, which by default it does only with more than 2 GB of heap.
     */
    @Test
    public void tomcatHoldsTheConfiguredConnectionsAndKeepsAProcessorForEveryRequestAdmissionMayHold() {
        AbstractProtocol<?> protocol = (AbstractProtocol<?>) ((TomcatWebServer)
                ((WebServerApplicationContext) applicationContext).getWebServer())
                .getTomcat().getConnector().getProtocolHandler();
        AdmissionSettings admission = applicationContext.getBean(AdmissionSettings.class);

        assertEquals(protocol.getMaxConnections(), TOMCAT_DEFAULT_MAX_CONNECTIONS, "server.tomcat.max-connections");
        assertEquals(protocol.getAcceptCount(), 4096, "server.tomcat.accept-count");
        assertEquals(protocol.getProcessorCache(), admission.maxInFlight() + admission.maxQueue(),
                "request processors kept: one for every request admitted or waiting");
        assertEquals(protocol.getProperty("socket.bufferPoolSize"),
                Long.toString(Math.min(Runtime.getRuntime().maxMemory() / 32, Integer.MAX_VALUE)),
                "bytes of closed connections' buffers kept for the next ones");
    }

    /**
     * profiles, the settings given (as on the command line), the admission bound expected. On a database the bound
     * follows the pool of the driver that serves the requests, whichever it is, and what it does not use leaves it
     * alone; a bound set explicitly wins; the stub, which has no pool, keeps its own.
     */
    @DataProvider
    public Object[][] pools() {
        String hikari = "spring.datasource.hikari.maximum-pool-size";
        return new Object[][] {
                {new String[] {Variants.PLAIN, Backends.PG}, Map.of(hikari, "50"), 100},
                {new String[] {Variants.WEBFLUX, Backends.H2}, Map.of(hikari, "4"), 8},
                {new String[] {Variants.VERTX}, Map.of(hikari, "40"), 80},
                {new String[] {Variants.VIRTUAL, Backends.PG}, Map.of(hikari, "30"), 30},
                {new String[] {Variants.ASYNC, Backends.R2DBC}, Map.of("shapes.r2dbc.pool.max-size", "30"), 60},
                {new String[] {Variants.ASYNC, Backends.R2DBC}, Map.of(hikari, "50"), 20},
                {new String[] {Variants.VERTX, Backends.PG}, Map.of("shapes.vertx.pg.pool.max-size", "40"), 80},
                {new String[] {Variants.VERTX, Backends.PG}, Map.of(hikari, "50"), 20},
                {new String[] {Variants.PLAIN, Backends.PG}, Map.of(hikari, "50", "shapes.admission.max-in-flight", "7"), 7},
                {new String[] {Variants.PLAIN, Backends.STUB}, Map.of(hikari, "50"), 150},
        };
    }

    @Test(dataProvider = "pools")
    public void onADatabaseAdmissionFollowsThePoolOfItsDriver(String[] profiles, Map<String, Object> settings,
            int maxInFlight) {
        AdmissionSettings admission = configuration(settings, profiles)
                .bindOrCreate("shapes.admission", AdmissionSettings.class);
        assertEquals(admission.maxInFlight(), maxInFlight, String.join(",", profiles) + " " + settings);
    }

    /**
     * A pool sized for a slow database, up to what pg/loadtestpg.sh's PostgreSQL accepts (200 connections), raises
     * admission with it, and Tomcat still holds every request admitted and waiting: start-up would refuse otherwise.
     */
    @Test
    public void aPoolOfTwoHundredStillFitsTomcatsConnections() {
        for (String variant : List.of(Variants.PLAIN, Variants.ASYNC, Variants.WEBFLUX)) {
            Binder binder = configuration(Map.of("spring.datasource.hikari.maximum-pool-size", "200"), variant, Backends.PG);
            AdmissionSettings admission = binder.bindOrCreate("shapes.admission", AdmissionSettings.class);
            int maxConnections = binder.bind("server.tomcat.max-connections", Integer.class).get();
            assertEquals(admission.maxInFlight(), 400, variant);
            assertTrue(maxConnections > admission.maxHeld(), variant + ": " + maxConnections + " connections for "
                    + admission.maxHeld() + " admitted and waiting");
        }
    }

    /** The application's configuration as it is read for these profiles (system properties included). */
    private static Binder configuration(String... profiles) {
        return configuration(Map.of(), profiles);
    }

    /** The same, with {@code settings} given ahead of the application's files, as on the command line. */
    private static Binder configuration(Map<String, Object> settings, String... profiles) {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new MapPropertySource("given", settings));
        ConfigDataEnvironmentPostProcessor.applyTo(environment, new DefaultResourceLoader(),
                new DefaultBootstrapContext(), profiles);
        return Binder.get(environment);
    }
}
