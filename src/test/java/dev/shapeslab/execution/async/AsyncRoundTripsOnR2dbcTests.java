package dev.shapeslab.execution.async;

import dev.shapeslab.Requires;
import dev.shapeslab.persistence.PostgresTestDatabase;
import dev.shapeslab.persistence.RoundTripCounter;
import dev.shapeslab.persistence.RoundTripTests;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

/** The round trips of backend {@code r2dbc} (r2dbc-postgresql, r2dbc-pool), under variant async: see {@link RoundTripTests}. */
@ActiveProfiles({"async", "r2dbc"})
@Requires(PostgresTestDatabase.Reachable.class)
@TestPropertySource(properties = "shapes.r2dbc.pool.max-size=1")
public class AsyncRoundTripsOnR2dbcTests extends RoundTripTests {

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
        return Driver.R2DBC;
    }
}
