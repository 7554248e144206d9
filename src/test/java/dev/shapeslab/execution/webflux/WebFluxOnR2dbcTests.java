package dev.shapeslab.execution.webflux;

import dev.shapeslab.Requires;
import dev.shapeslab.contract.CrudContractTests;
import dev.shapeslab.persistence.PostgresTestDatabase;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The contract on variant webflux over backend r2dbc, against a real PostgreSQL (its test database, see
 * {@link PostgresTestDatabase}); skipped when none is reachable, unless {@code -Dpg.tests.required=true}.
 */
@ActiveProfiles({"webflux", "r2dbc"})
@Requires(PostgresTestDatabase.Reachable.class)
public class WebFluxOnR2dbcTests extends CrudContractTests {

    @DynamicPropertySource
    static void postgres(DynamicPropertyRegistry registry) {
        PostgresTestDatabase.register(registry, PostgresTestDatabase.PORT);
    }
}
