package dev.shapeslab.execution.vertx;

import dev.shapeslab.Requires;
import dev.shapeslab.faults.R2dbcBreakerTests;
import dev.shapeslab.persistence.PostgresTestDatabase;
import org.springframework.test.context.ActiveProfiles;

/** The breaker opening and closing under variant vertx on backend pg, the Vert.x client (see {@link R2dbcBreakerTests}). */
@ActiveProfiles({"vertx", "pg"})
@Requires(PostgresTestDatabase.Reachable.class)
public class VertxBreakerOnPostgresTests extends R2dbcBreakerTests {
}
