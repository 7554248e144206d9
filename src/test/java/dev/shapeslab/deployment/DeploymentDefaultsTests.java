package dev.shapeslab.deployment;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertNull;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.web.admission.AdmissionSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.ConfigurableEnvironment;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/**
 * The settings that depend on the deployment, resolved for every pairing of variant, backend and server that starts,
 * as the app resolves them: admission's bounds, Tomcat's connections (Jetty takes every client), the breaker's fail-fast, which pool
 * admission follows, and what runs without JDBC. Pinned values: a change to any of them is a change of the lab's
 * defaults, to be made on purpose.
 */
public class DeploymentDefaultsTests {

    private static final String HIKARI = "spring.datasource.hikari.maximum-pool-size";
    private static final String R2DBC_POOL = "shapes.r2dbc.pool.max-size";
    private static final String VERTX_POOL = "shapes.vertx.pg.pool.max-size";
    /** Tomcat's own default, which the blocking variants on the stub keep. */
    private static final int TOMCAT_DEFAULT = 8192;
    /** Pools of distinct sizes, so that the bound shows which one admission follows. */
    private static final Map<String, Object> POOLS = Map.of(HIKARI, "11", R2DBC_POOL, "12", VERTX_POOL, "13");

    /**
     * profiles; max-in-flight, max-queue, Tomcat's max-connections (pools of 10); fail-fast in ms; the pool that
     * admission follows; whether JDBC (DataSource, Hibernate) is left out.
     */
    @DataProvider
    public Object[][] pairings() {
        List<Object[]> rows = new ArrayList<>();
        for (String variant : List.of("plain", "rxjava", "async", "virtual", "webflux", "vertx")) {
            boolean virtual = variant.equals("virtual");
            for (String backend : List.of("", "embedded", "h2", "pg")) {
                boolean pgClient = variant.equals("vertx") && backend.equals("pg");
                rows.add(row(variant, backend, virtual ? 10 : 20, virtual ? 1990 : 1980, 2400,
                        backend.equals("") || backend.equals("embedded") ? 0 : 250,
                        pgClient ? VERTX_POOL : HIKARI, pgClient));
            }
            boolean waitsOnNoThread = !variant.equals("plain") && !variant.equals("rxjava");
            rows.add(row(variant, "stub", waitsOnNoThread ? 1000 : 150, virtual ? 100 : waitsOnNoThread ? 1000 : 300,
                    virtual ? 1120 : waitsOnNoThread ? 2020 : TOMCAT_DEFAULT, 250, HIKARI, true));
            if (variant.equals("async") || variant.equals("rxjava") || variant.equals("webflux")) {
                rows.add(row(variant, "r2dbc", 20, 1980, 2400, 250, R2DBC_POOL, true));
            }
        }
        List<Object[]> onJetty = new ArrayList<>();
        for (Object[] row : rows) {
            String profiles = (String) row[0];
            if (!profiles.startsWith("webflux") && !profiles.startsWith("vertx")) {
                Object[] jetty = row.clone();
                jetty[0] = profiles + ",jetty";
                onJetty.add(jetty);
            }
        }
        rows.addAll(onJetty);
        return rows.toArray(Object[][]::new);
    }

    private static Object[] row(String variant, String backend, int maxInFlight, int maxQueue, int maxConnections,
            int failFastMillis, String pool, boolean withoutJdbc) {
        return new Object[] {backend.isEmpty() ? variant : variant + "," + backend, maxInFlight, maxQueue,
                maxConnections, failFastMillis, pool, withoutJdbc};
    }

    @Test(dataProvider = "pairings")
    public void eachPairingResolvesItsDefaults(String profiles, int maxInFlight, int maxQueue, int maxConnections,
            int failFastMillis, String pool, boolean withoutJdbc) {
        Binder defaults = PreparedEnvironment.binder(Map.of(), profiles.split(","));
        AdmissionSettings admission = defaults.bindOrCreate("shapes.admission", AdmissionSettings.class);

        assertEquals(admission.maxInFlight(), maxInFlight, "shapes.admission.max-in-flight");
        assertEquals(admission.maxQueue(), maxQueue, "shapes.admission.max-queue");
        assertEquals(admission.maxWait(), Duration.ofSeconds(2), "shapes.admission.max-wait");
        boolean onTomcat = !profiles.startsWith("webflux") && !profiles.startsWith("vertx")
                && !profiles.endsWith(",jetty");
        assertEquals(admission.refusalDelay(), onTomcat ? Duration.ZERO : Duration.ofSeconds(2),
                "shapes.admission.refusal-delay: at once only on Tomcat, which closes a connection after its 503");
        assertEquals(defaults.bind("server.tomcat.max-connections", Integer.class).orElse(TOMCAT_DEFAULT),
                maxConnections, "server.tomcat.max-connections");
        assertTrue(maxConnections > admission.maxHeld(), "no connection left to answer 503 on");
        assertTrue(!defaults.bind("server.jetty.max-connections", Integer.class).isBound(),
                "server.jetty.max-connections: unset, Jetty accepts every client");
        assertEquals(defaults.bind("server.tomcat.accept-count", Integer.class).get(), 4096,
                "server.tomcat.accept-count");
        assertEquals(defaults.bind("shapes.database.fail-fast", Duration.class).get(),
                Duration.ofMillis(failFastMillis), "shapes.database.fail-fast");
        assertEquals(defaults.bind("shapes.admission.database-connections", Integer.class).get(), 10,
                "shapes.admission.database-connections");

        Binder withPools = PreparedEnvironment.binder(POOLS, profiles.split(","));
        assertEquals(withPools.bind("shapes.admission.database-connections", String.class).get(), POOLS.get(pool),
                "shapes.admission.database-connections follows " + pool);

        ConfigurableEnvironment environment = PreparedEnvironment.of(Map.of(), profiles.split(","));
        String excluded = environment.getProperty("spring.autoconfigure.exclude", "");
        assertEquals(excluded.contains("DataSourceAutoConfiguration"), withoutJdbc, "spring.autoconfigure.exclude");
        assertEquals(excluded.contains("HibernateJpaAutoConfiguration"), withoutJdbc, "spring.autoconfigure.exclude");
        if (profiles.contains("stub")) {
            assertEquals(excluded.contains("FlywayAutoConfiguration"), true, "no Flyway on the stub");
        } else if (withoutJdbc) {
            assertEquals(environment.getProperty("spring.flyway.url"), "jdbc:postgresql://127.0.0.1:55432/shapes"
                    + "?connectTimeout=2&socketTimeout=60&ApplicationName=shapes-lab-flyway", "spring.flyway.url");
            assertEquals(environment.getProperty("spring.flyway.user"), "shapes", "spring.flyway.user");
        } else {
            assertNull(environment.getProperty("spring.flyway.url"), "Flyway on the DataSource");
        }
    }

    /** A bound, a queue and a connection count set by the user win over the deployment's. */
    @Test
    public void theUsersSettingsWin() {
        Binder binder = PreparedEnvironment.binder(Map.of("shapes.admission.max-in-flight", "7",
                "shapes.admission.max-queue", "8", "server.tomcat.max-connections", "900",
                "shapes.database.fail-fast", "1s", "shapes.admission.database-connections", "3"), "virtual", "stub");
        AdmissionSettings admission = binder.bindOrCreate("shapes.admission", AdmissionSettings.class);
        assertEquals(admission.maxInFlight(), 7);
        assertEquals(admission.maxQueue(), 8);
        assertEquals(binder.bind("server.tomcat.max-connections", Integer.class).get(), 900);
        assertEquals(binder.bind("shapes.database.fail-fast", Duration.class).get(), Duration.ofSeconds(1));
        assertEquals(binder.bind("shapes.admission.database-connections", Integer.class).get(), 3);
    }

    /**
     * profiles, the settings given (as on the command line), the admission bound expected. On a database the bound
     * follows the pool of the driver that serves the requests, whichever it is, and what it does not use leaves it
     * alone; a bound set explicitly wins; the stub, which has no pool, keeps its own.
     */
    @DataProvider
    public Object[][] pools() {
        return new Object[][] {
                {new String[] {"plain", "pg"}, Map.of(HIKARI, "50"), 100},
                {new String[] {"webflux", "h2"}, Map.of(HIKARI, "4"), 8},
                {new String[] {"vertx"}, Map.of(HIKARI, "40"), 80},
                {new String[] {"virtual", "pg"}, Map.of(HIKARI, "30"), 30},
                {new String[] {"async", "r2dbc"}, Map.of(R2DBC_POOL, "30"), 60},
                {new String[] {"async", "r2dbc"}, Map.of(HIKARI, "50"), 20},
                {new String[] {"vertx", "pg"}, Map.of(VERTX_POOL, "40"), 80},
                {new String[] {"vertx", "pg"}, Map.of(HIKARI, "50"), 20},
                {new String[] {"plain", "pg"}, Map.of(HIKARI, "50", "shapes.admission.max-in-flight", "7"), 7},
                {new String[] {"plain", "stub"}, Map.of(HIKARI, "50"), 150},
        };
    }

    @Test(dataProvider = "pools")
    public void onADatabaseAdmissionFollowsThePoolOfItsDriver(String[] profiles, Map<String, Object> settings,
            int maxInFlight) {
        AdmissionSettings admission = PreparedEnvironment.binder(settings, profiles)
                .bindOrCreate("shapes.admission", AdmissionSettings.class);
        assertEquals(admission.maxInFlight(), maxInFlight, String.join(",", profiles) + " " + settings);
    }

    /**
     * A pool sized for a slow database, up to what pg/loadtestpg.sh's PostgreSQL accepts (200 connections), raises
     * admission with it, and Tomcat still holds every request admitted and waiting: start-up would refuse otherwise.
     */
    @Test
    public void aPoolOfTwoHundredStillFitsTomcatsConnections() {
        for (String variant : List.of("plain", "async", "webflux")) {
            Binder binder = PreparedEnvironment.binder(Map.of(HIKARI, "200"), variant, "pg");
            AdmissionSettings admission = binder.bindOrCreate("shapes.admission", AdmissionSettings.class);
            int maxConnections = binder.bind("server.tomcat.max-connections", Integer.class).get();
            assertEquals(admission.maxInFlight(), 400, variant);
            assertTrue(maxConnections > admission.maxHeld(), variant + ": " + maxConnections + " connections for "
                    + admission.maxHeld() + " admitted and waiting");
        }
    }
}
