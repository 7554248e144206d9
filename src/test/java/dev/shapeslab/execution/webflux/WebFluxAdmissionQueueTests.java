package dev.shapeslab.execution.webflux;

import dev.shapeslab.execution.AdmissionQueueTests;
import org.springframework.test.context.ActiveProfiles;

/**
 * Under webflux admission control is a WebFilter with the same settings: a request past the bound waits as a pending
 * {@code Mono}, in arrival order, and is served on an event loop when a place comes free; past the full queue, 503.
 */
@ActiveProfiles({"webflux", "stub"})
public class WebFluxAdmissionQueueTests extends AdmissionQueueTests {
}
