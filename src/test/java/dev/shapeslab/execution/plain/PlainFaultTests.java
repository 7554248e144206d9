package dev.shapeslab.execution.plain;

import dev.shapeslab.faults.H2FaultTests;
import org.springframework.test.context.ActiveProfiles;

/** Faults and overload under variant plain on the h2 backend. */
@ActiveProfiles({"plain", "h2"})
public class PlainFaultTests extends H2FaultTests {
}
