package dev.shapeslab.execution.virtual;

import dev.shapeslab.Requires;
import dev.shapeslab.execution.AdmissionQueueTests;
import org.springframework.test.context.ActiveProfiles;

/**
 * A request waiting for a place under virtual on Jetty holds no thread, and is then served on a new virtual thread (the
 * kind that served the request that came alone: {@link VirtualThreadingOnJettyTests} shows it is virtual).
 */
@ActiveProfiles({"virtual", "stub", "jetty"})
@Requires(VirtualThreads.class)
public class VirtualAdmissionQueueOnJettyTests extends AdmissionQueueTests {
}
