package dev.shapeslab.execution.webflux;

import dev.shapeslab.Requires;
import dev.shapeslab.faults.R2dbcBreakerTests;
import dev.shapeslab.persistence.PostgresTestDatabase;
import org.springframework.test.context.ActiveProfiles;

/** The breaker opening and closing under variant webflux on backend r2dbc (see {@link R2dbcBreakerTests}). */
@ActiveProfiles({"webflux", "r2dbc"})
@Requires(PostgresTestDatabase.Reachable.class)
public class WebFluxBreakerOnR2dbcTests extends R2dbcBreakerTests {
}
