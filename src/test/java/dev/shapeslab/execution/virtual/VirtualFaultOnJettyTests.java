package dev.shapeslab.execution.virtual;

import dev.shapeslab.Requires;
import dev.shapeslab.faults.H2FaultTests;
import org.springframework.test.context.ActiveProfiles;

/** Faults and overload under variant virtual on the h2 backend, served by Jetty. */
@ActiveProfiles({"virtual", "h2", "jetty"})
@Requires(VirtualThreads.class)
public class VirtualFaultOnJettyTests extends H2FaultTests {
}
