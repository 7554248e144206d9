package dev.shapeslab.execution.vertx;

import dev.shapeslab.Requires;
import dev.shapeslab.faults.R2dbcUnreachableTests;
import dev.shapeslab.persistence.PostgresTestDatabase;
import org.springframework.test.context.ActiveProfiles;

/**
 * The breaker on an unreachable database under variant vertx on backend pg, the Vert.x client (see
 * {@link R2dbcUnreachableTests}). It needs no PostgreSQL, but runs with the PostgreSQL tests (and skips without a
 * server) so that the default suite does not start one more Spring context.
 */
@ActiveProfiles({"vertx", "pg"})
@Requires(PostgresTestDatabase.Reachable.class)
public class VertxUnreachableOnPostgresTests extends R2dbcUnreachableTests {
}
