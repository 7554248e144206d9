package dev.shapeslab.execution.plain;

import dev.shapeslab.faults.H2FaultTests;
import org.springframework.test.context.ActiveProfiles;

/** Faults and overload under variant plain on the h2 backend, served by Jetty. */
@ActiveProfiles({"plain", "h2", "jetty"})
public class PlainFaultOnJettyTests extends H2FaultTests {
}
