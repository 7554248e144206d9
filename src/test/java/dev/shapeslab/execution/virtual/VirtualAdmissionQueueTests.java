package dev.shapeslab.execution.virtual;

import dev.shapeslab.Requires;
import dev.shapeslab.execution.AdmissionQueueTests;
import org.springframework.test.context.ActiveProfiles;

/** A request waiting for a place under virtual holds no thread, and is then served on a new virtual thread. */
@ActiveProfiles({"virtual", "stub"})
@Requires(VirtualThreads.class)
public class VirtualAdmissionQueueTests extends AdmissionQueueTests {
}
