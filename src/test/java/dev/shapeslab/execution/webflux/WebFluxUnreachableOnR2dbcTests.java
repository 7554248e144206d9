package dev.shapeslab.execution.webflux;

import dev.shapeslab.faults.R2dbcUnreachableTests;
import org.springframework.test.context.ActiveProfiles;

/** The breaker on an unreachable database under variant webflux on backend r2dbc (see {@link R2dbcUnreachableTests}). */
@ActiveProfiles({"webflux", "r2dbc"})
public class WebFluxUnreachableOnR2dbcTests extends R2dbcUnreachableTests {
}
