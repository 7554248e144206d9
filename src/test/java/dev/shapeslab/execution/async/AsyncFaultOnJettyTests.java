package dev.shapeslab.execution.async;

import dev.shapeslab.faults.H2FaultTests;
import org.springframework.test.context.ActiveProfiles;

/** Faults and overload under variant async on the h2 backend, served by Jetty. */
@ActiveProfiles({"async", "h2", "jetty"})
public class AsyncFaultOnJettyTests extends H2FaultTests {
}
