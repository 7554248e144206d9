package dev.shapeslab.execution.rxjava;

import dev.shapeslab.faults.H2FaultTests;
import org.springframework.test.context.ActiveProfiles;

/** Faults and overload under variant rxjava on the h2 backend, served by Jetty. */
@ActiveProfiles({"rxjava", "h2", "jetty"})
public class RxJavaFaultOnJettyTests extends H2FaultTests {
}
