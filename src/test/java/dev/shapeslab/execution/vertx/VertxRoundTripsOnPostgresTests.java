package dev.shapeslab.execution.vertx;

import dev.shapeslab.Requires;
import dev.shapeslab.persistence.PostgresTestDatabase;
import dev.shapeslab.persistence.RoundTripCounter;
import dev.shapeslab.persistence.RoundTripTests;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

/** The round trips of backend {@code pg} under variant vertx, the Vert.x PostgreSQL client: see {@link RoundTripTests}. */
@ActiveProfiles({"vertx", "pg"})
@Requires(PostgresTestDatabase.Reachable.class)
@TestPropertySource(properties = "shapes.vertx.pg.pool.max-size=1")
public class VertxRoundTripsOnPostgresTests extends RoundTripTests {

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
        return Driver.VERTX;
    }
}
