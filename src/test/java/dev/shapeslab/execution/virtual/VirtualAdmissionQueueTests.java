package dev.shapeslab.execution.virtual;

import dev.shapeslab.execution.AdmissionQueueTests;
import org.springframework.test.context.ActiveProfiles;
import org.testng.annotations.BeforeMethod;

/** A request waiting for a place under virtual holds no thread, and is then served on a new virtual thread. */
@ActiveProfiles(resolver = VirtualProfiles.class)
@VirtualBackend("stub")
public class VirtualAdmissionQueueTests extends AdmissionQueueTests {

    @BeforeMethod
    public void requireVirtualThreads() {
        VirtualProfiles.requireVirtualThreads();
    }
}
