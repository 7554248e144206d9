package dev.shapeslab.execution.virtual;

import dev.shapeslab.faults.H2FaultTests;
import org.springframework.test.context.ActiveProfiles;
import org.testng.annotations.BeforeMethod;

/** Faults and overload under variant virtual on the h2 backend. */
@ActiveProfiles(resolver = VirtualProfiles.class)
@VirtualBackend("h2")
public class VirtualFaultTests extends H2FaultTests {

    @BeforeMethod
    public void requireVirtualThreads() {
        VirtualProfiles.requireVirtualThreads();
    }
}
