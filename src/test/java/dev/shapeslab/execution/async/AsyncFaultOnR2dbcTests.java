package dev.shapeslab.execution.async;

import dev.shapeslab.faults.R2dbcFaultTests;
import dev.shapeslab.persistence.R2dbcProfiles;
import org.springframework.test.context.ActiveProfiles;

/** Faults under variant async on backend r2dbc: PostgreSQL hung, slow behind a lock, and gone (see {@link R2dbcFaultTests}). */
@ActiveProfiles(resolver = R2dbcProfiles.Async.class)
public class AsyncFaultOnR2dbcTests extends R2dbcFaultTests {
}
