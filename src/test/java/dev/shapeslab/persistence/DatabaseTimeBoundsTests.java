package dev.shapeslab.persistence;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import java.time.Duration;
import java.util.Map;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.testng.annotations.Test;

/**
 * The database's time bounds, one set for the JDBC and the R2DBC stacks: bound from {@code shapes.database.*}, and
 * checked as the app starts, whichever stack runs.
 */
public class DatabaseTimeBoundsTests {

    static DatabaseTimeBounds bind(Map<String, String> properties) {
        return new Binder(new MapConfigurationPropertySource(properties))
                .bindOrCreate(DatabaseTimeBounds.PREFIX, DatabaseTimeBounds.class);
    }

    @Test
    public void nothingSetMeansTheDefaults() {
        assertEquals(bind(Map.of()), DatabaseTimeBounds.defaults());
    }

    @Test
    public void everyBoundBindsFromItsKebabCaseName() {
        DatabaseTimeBounds bounds = bind(Map.of("shapes.database.request-timeout", "5s",
                "shapes.database.connection-timeout", "1s", "shapes.database.validation-timeout", "300ms",
                "shapes.database.fail-fast", "1s", "shapes.database.socket-timeout", "7s",
                "shapes.database.connect-timeout", "1500ms", "shapes.database.outage-poll", "50ms",
                "shapes.database.outage-poll-limit", "10s"));
        assertEquals(bounds, new DatabaseTimeBounds(Duration.ofSeconds(5), Duration.ofSeconds(1), Duration.ofMillis(300),
                Duration.ofSeconds(1), Duration.ofSeconds(7), Duration.ofMillis(1500), Duration.ofMillis(50),
                Duration.ofSeconds(10)));
    }

    @Test
    public void theWaitForAConnectionMustBeShorterThanTheBound() {
        assertTrue(refused(Map.of("shapes.database.request-timeout", "3s",
                "shapes.database.connection-timeout", "3s")).contains("shapes.database.connection-timeout"));
        assertEquals(bind(Map.of("shapes.database.request-timeout", "3s",
                "shapes.database.connection-timeout", "500ms")).connectionTimeout(), Duration.ofMillis(500));
    }

    @Test
    public void aStoreCallMustHaveABound() {
        assertTrue(refused(Map.of("shapes.database.request-timeout", "0s")).contains("shapes.database.request-timeout"));
    }

    @Test
    public void boundsHikariWouldQuietlyReplaceAreRefused() {
        refused(Map.of("shapes.database.connection-timeout", "100ms"));
        refused(Map.of("shapes.database.validation-timeout", "100ms"));
        refused(Map.of("shapes.database.validation-timeout", "500ms"));
    }

    @Test
    public void failingFastMayBeTurnedOffButNotNegative() {
        assertTrue(bind(Map.of("shapes.database.fail-fast", "0ms")).failFast().isZero());
        assertTrue(refused(Map.of("shapes.database.fail-fast", "-1ms")).contains("shapes.database.fail-fast"));
    }

    @Test
    public void theDriversCountTheirTimeoutsInWholeSeconds() {
        assertTrue(refused(Map.of("shapes.database.connect-timeout", "500ms")).contains("shapes.database.connect-timeout"));
        assertTrue(refused(Map.of("shapes.database.socket-timeout", "500ms")).contains("shapes.database.socket-timeout"));
    }

    @Test
    public void eachStackLogsTheBoundsItApplies() {
        DatabaseTimeBounds bounds = DatabaseTimeBounds.defaults();
        assertTrue(bounds.describeJdbc().contains("a free connection within 500 ms"), bounds.describeJdbc());
        assertTrue(bounds.describeR2dbc().contains("3000 ms in all"), bounds.describeR2dbc());
        assertTrue(bounds.describeR2dbc().contains("fail fast for 250 ms"), bounds.describeR2dbc());
        assertTrue(!bounds.describeR2dbc().contains("socket"), "r2dbc-postgresql has no socket timeout");
    }

    /** Binding {@code properties} stops the start with a check's message, which is returned. */
    private static String refused(Map<String, String> properties) {
        Throwable cause = expectThrows(RuntimeException.class, () -> bind(properties));
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        assertTrue(cause instanceof IllegalStateException, cause.toString());
        return cause.getMessage();
    }
}
