package dev.shapeslab.execution.plain;

import dev.shapeslab.contract.CrudContractTests;
import dev.shapeslab.persistence.PostgresProfiles;
import dev.shapeslab.persistence.PostgresTestDatabase;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.testng.annotations.BeforeMethod;

/**
 * The contract on the {@code pg} profile against a real PostgreSQL (its test database, see
 * {@link PostgresTestDatabase}); skipped when none is reachable, unless {@code -Dpg.tests.required=true}.
 */
@ActiveProfiles(resolver = PostgresProfiles.class)
public class PlainOnPostgresTests extends CrudContractTests {

    @DynamicPropertySource
    static void postgres(DynamicPropertyRegistry registry) {
        PostgresTestDatabase.register(registry, PostgresTestDatabase.PORT);
    }

    @BeforeMethod
    public void requirePostgres() {
        PostgresTestDatabase.require();
    }
}
