package dev.shapeslab.execution.rxjava;

import dev.shapeslab.faults.R2dbcFaultTests;
import dev.shapeslab.persistence.R2dbcProfiles;
import org.springframework.test.context.ActiveProfiles;

/** Faults under variant rxjava on backend r2dbc: PostgreSQL hung, slow behind a lock, and gone (see {@link R2dbcFaultTests}). */
@ActiveProfiles(resolver = R2dbcProfiles.RxJava.class)
public class RxJavaFaultOnR2dbcTests extends R2dbcFaultTests {
}
