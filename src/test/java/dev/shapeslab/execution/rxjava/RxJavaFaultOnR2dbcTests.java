package dev.shapeslab.execution.rxjava;

import dev.shapeslab.Requires;
import dev.shapeslab.persistence.PostgresTestDatabase;
import dev.shapeslab.faults.R2dbcFaultTests;
import org.springframework.test.context.ActiveProfiles;

/** Faults under variant rxjava on backend r2dbc: PostgreSQL hung, slow behind a lock, and gone (see {@link R2dbcFaultTests}). */
@ActiveProfiles({"rxjava", "r2dbc"})
@Requires(PostgresTestDatabase.Reachable.class)
public class RxJavaFaultOnR2dbcTests extends R2dbcFaultTests {
}
