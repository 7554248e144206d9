package dev.shapeslab.execution.async;

import dev.shapeslab.execution.AdmissionQueueTests;
import org.springframework.test.context.ActiveProfiles;

/** A request waiting for a place under async is suspended twice over: before Jersey, and then by Jersey. */
@ActiveProfiles({"async", "stub"})
public class AsyncAdmissionQueueTests extends AdmissionQueueTests {
}
