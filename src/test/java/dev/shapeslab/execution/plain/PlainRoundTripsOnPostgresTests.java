package dev.shapeslab.execution.plain;

import dev.shapeslab.Requires;
import dev.shapeslab.persistence.PostgresTestDatabase;
import dev.shapeslab.persistence.RoundTripCounter;
import dev.shapeslab.persistence.RoundTripTests;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

/**
 * The round trips of backend {@code pg} over JDBC (HikariCP, pgjdbc; the JPA stores), under variant plain: see
 * {@link RoundTripTests}. HikariCP's keepalive is off, so that nothing but the requests crosses the counter.
 */
@ActiveProfiles({"plain", "pg"})
@Requires(PostgresTestDatabase.Reachable.class)
@TestPropertySource(properties = {"spring.datasource.hikari.maximum-pool-size=2",
        "spring.datasource.hikari.keepalive-time=0"})
public class PlainRoundTripsOnPostgresTests extends RoundTripTests {

    private static final RoundTripCounter DATABASE = counterInFrontOfTheTestDatabase();

    @DynamicPropertySource
    static void postgres(DynamicPropertyRegistry registry) {
        PostgresTestDatabase.register(registry, DATABASE.port());
    }

    @Override
    protected RoundTripCounter counter() {
        return DATABASE;
    }

    @Override
    protected Driver driver() {
        return Driver.JDBC;
    }
}
