package dev.shapeslab.execution.async;

import dev.shapeslab.Requires;
import dev.shapeslab.persistence.PostgresTestDatabase;
import dev.shapeslab.faults.R2dbcFaultTests;
import org.springframework.test.context.ActiveProfiles;

/** Faults under variant async on backend r2dbc: PostgreSQL hung, slow behind a lock, and gone (see {@link R2dbcFaultTests}). */
@ActiveProfiles({"async", "r2dbc"})
@Requires(PostgresTestDatabase.Reachable.class)
public class AsyncFaultOnR2dbcTests extends R2dbcFaultTests {
}
