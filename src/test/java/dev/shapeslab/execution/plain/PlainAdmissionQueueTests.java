package dev.shapeslab.execution.plain;

import dev.shapeslab.execution.AdmissionQueueTests;
import org.springframework.test.context.ActiveProfiles;

/** A request waiting for a place under plain holds none of Tomcat's request threads, which plain's requests hold. */
@ActiveProfiles({"plain", "stub"})
public class PlainAdmissionQueueTests extends AdmissionQueueTests {
}
