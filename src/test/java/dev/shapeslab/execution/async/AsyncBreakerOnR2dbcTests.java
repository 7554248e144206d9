package dev.shapeslab.execution.async;

import dev.shapeslab.Requires;
import dev.shapeslab.faults.R2dbcBreakerTests;
import dev.shapeslab.persistence.PostgresTestDatabase;
import org.springframework.test.context.ActiveProfiles;

/** The breaker opening and closing under variant async on backend r2dbc (see {@link R2dbcBreakerTests}). */
@ActiveProfiles({"async", "r2dbc"})
@Requires(PostgresTestDatabase.Reachable.class)
public class AsyncBreakerOnR2dbcTests extends R2dbcBreakerTests {
}
