package dev.shapeslab.execution.async;

import dev.shapeslab.execution.JettyAdmissionQueueTests;
import org.springframework.test.context.ActiveProfiles;

/** Under async on Jetty a waiting request is one Jetty's handler took over, holding no thread. */
@ActiveProfiles({"async", "stub", "jetty"})
public class AsyncAdmissionQueueOnJettyTests extends JettyAdmissionQueueTests {
}
