package dev.shapeslab.execution.virtual;

import dev.shapeslab.faults.DatabaseFaultTests;
import org.springframework.test.context.ActiveProfiles;
import org.testng.annotations.BeforeMethod;

/** Database faults under variant virtual on the h2 backend. */
@ActiveProfiles(resolver = VirtualProfiles.class)
@VirtualBackend("h2")
public class VirtualDatabaseFaultTests extends DatabaseFaultTests {

    @BeforeMethod
    public void requireVirtualThreads() {
        VirtualProfiles.requireVirtualThreads();
    }
}
