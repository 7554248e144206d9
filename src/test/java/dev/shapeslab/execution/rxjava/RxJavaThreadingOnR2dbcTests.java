package dev.shapeslab.execution.rxjava;

import dev.shapeslab.Requires;
import dev.shapeslab.persistence.PostgresTestDatabase;
import dev.shapeslab.execution.R2dbcThreadingTests;
import org.springframework.test.context.ActiveProfiles;

/** Over backend r2dbc, variant rxjava holds no thread while a query is in flight. */
@ActiveProfiles({"rxjava", "r2dbc"})
@Requires(PostgresTestDatabase.Reachable.class)
public class RxJavaThreadingOnR2dbcTests extends R2dbcThreadingTests {
}
