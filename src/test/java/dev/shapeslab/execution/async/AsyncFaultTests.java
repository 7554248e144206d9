package dev.shapeslab.execution.async;

import dev.shapeslab.faults.H2FaultTests;
import org.springframework.test.context.ActiveProfiles;

/** Faults and overload under variant async on the h2 backend. */
@ActiveProfiles({"async", "h2"})
public class AsyncFaultTests extends H2FaultTests {
}
