package dev.shapeslab.execution.webflux;

import dev.shapeslab.Requires;
import dev.shapeslab.faults.R2dbcFaultTests;
import dev.shapeslab.persistence.PostgresTestDatabase;
import org.springframework.test.context.ActiveProfiles;

/** Faults under variant webflux on backend r2dbc: PostgreSQL hung, slow behind a lock, and gone (see {@link R2dbcFaultTests}). */
@ActiveProfiles({"webflux", "r2dbc"})
@Requires(PostgresTestDatabase.Reachable.class)
public class WebFluxFaultOnR2dbcTests extends R2dbcFaultTests {
}
