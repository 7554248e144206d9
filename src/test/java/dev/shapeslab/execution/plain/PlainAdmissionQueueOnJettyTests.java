package dev.shapeslab.execution.plain;

import dev.shapeslab.execution.JettyAdmissionQueueTests;
import org.springframework.test.context.ActiveProfiles;

/**
 * Under plain on Jetty a waiting request holds none of Jetty's request threads, which plain's admitted requests hold,
 * and one queued or turned away needs none to be read.
 */
@ActiveProfiles({"plain", "stub", "jetty"})
public class PlainAdmissionQueueOnJettyTests extends JettyAdmissionQueueTests {
}
