package dev.shapeslab.execution.async;

import dev.shapeslab.Requires;
import dev.shapeslab.persistence.PostgresTestDatabase;
import dev.shapeslab.execution.R2dbcThreadingTests;
import org.springframework.test.context.ActiveProfiles;

/** Over backend r2dbc, variant async holds no thread while a query is in flight. */
@ActiveProfiles({"async", "r2dbc"})
@Requires(PostgresTestDatabase.Reachable.class)
public class AsyncThreadingOnR2dbcTests extends R2dbcThreadingTests {
}
