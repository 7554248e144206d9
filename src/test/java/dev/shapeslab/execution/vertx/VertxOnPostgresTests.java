package dev.shapeslab.execution.vertx;

import dev.shapeslab.Requires;
import dev.shapeslab.contract.CrudContractTests;
import dev.shapeslab.persistence.PostgresTestDatabase;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The contract on variant vertx over PostgreSQL through JDBC (backend {@code pg}), its calls on the worker pool;
 * skipped (before its context loads) when no server is reachable, unless {@code -Dpg.tests.required=true}.
 */
@ActiveProfiles({"vertx", "pg"})
@Requires(PostgresTestDatabase.Reachable.class)
public class VertxOnPostgresTests extends CrudContractTests {

    @DynamicPropertySource
    static void postgres(DynamicPropertyRegistry registry) {
        PostgresTestDatabase.register(registry, PostgresTestDatabase.PORT);
    }
}
