package dev.shapeslab.execution.virtual;

import dev.shapeslab.Requires;
import dev.shapeslab.faults.H2FaultTests;
import org.springframework.test.context.ActiveProfiles;

/** Faults and overload under variant virtual on the h2 backend. */
@ActiveProfiles({"virtual", "h2"})
@Requires(VirtualThreads.class)
public class VirtualFaultTests extends H2FaultTests {
}
