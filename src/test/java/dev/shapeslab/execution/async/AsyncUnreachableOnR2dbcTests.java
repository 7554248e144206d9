package dev.shapeslab.execution.async;

import dev.shapeslab.faults.R2dbcUnreachableTests;
import org.springframework.test.context.ActiveProfiles;

/** The breaker on an unreachable database under variant async on backend r2dbc (see {@link R2dbcUnreachableTests}). */
@ActiveProfiles({"async", "r2dbc"})
public class AsyncUnreachableOnR2dbcTests extends R2dbcUnreachableTests {
}
