package dev.shapeslab.execution.rxjava;

import dev.shapeslab.faults.R2dbcUnreachableTests;
import org.springframework.test.context.ActiveProfiles;

/** The breaker on an unreachable database under variant rxjava on backend r2dbc (see {@link R2dbcUnreachableTests}). */
@ActiveProfiles({"rxjava", "r2dbc"})
public class RxJavaUnreachableOnR2dbcTests extends R2dbcUnreachableTests {
}
