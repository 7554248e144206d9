package dev.shapeslab.execution.plain;

import dev.shapeslab.Requires;
import dev.shapeslab.contract.CrudContractTests;
import dev.shapeslab.persistence.PostgresTestDatabase;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The contract on the {@code pg} profile against a real PostgreSQL (its test database, see
 * {@link PostgresTestDatabase}); skipped (before its context loads) when none is reachable, unless
 * {@code -Dpg.tests.required=true}.
 */
@ActiveProfiles({"plain", "pg"})
@Requires(PostgresTestDatabase.Reachable.class)
public class PlainOnPostgresTests extends CrudContractTests {

    @DynamicPropertySource
    static void postgres(DynamicPropertyRegistry registry) {
        PostgresTestDatabase.register(registry, PostgresTestDatabase.PORT);
    }
}
