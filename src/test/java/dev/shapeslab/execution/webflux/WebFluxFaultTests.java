package dev.shapeslab.execution.webflux;

import dev.shapeslab.faults.H2FaultTests;
import org.springframework.test.context.ActiveProfiles;

/** Faults and overload under variant webflux on the h2 backend, its JDBC calls on the bounded blocking pool. */
@ActiveProfiles({"webflux", "h2"})
public class WebFluxFaultTests extends H2FaultTests {
}
