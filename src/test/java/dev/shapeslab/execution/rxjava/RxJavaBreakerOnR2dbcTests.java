package dev.shapeslab.execution.rxjava;

import dev.shapeslab.Requires;
import dev.shapeslab.faults.R2dbcBreakerTests;
import dev.shapeslab.persistence.PostgresTestDatabase;
import org.springframework.test.context.ActiveProfiles;

/** The breaker opening and closing under variant rxjava on backend r2dbc (see {@link R2dbcBreakerTests}). */
@ActiveProfiles({"rxjava", "r2dbc"})
@Requires(PostgresTestDatabase.Reachable.class)
public class RxJavaBreakerOnR2dbcTests extends R2dbcBreakerTests {
}
