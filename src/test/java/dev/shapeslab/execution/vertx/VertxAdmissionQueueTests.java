package dev.shapeslab.execution.vertx;

import dev.shapeslab.execution.AdmissionQueueTests;
import org.springframework.test.context.ActiveProfiles;

/**
 * Under vertx admission control is the router's first handler, with the same settings: a request past the bound waits
 * paused, in arrival order, and is served on its event loop when a place comes free; past the full queue, 503.
 */
@ActiveProfiles({"vertx", "stub"})
public class VertxAdmissionQueueTests extends AdmissionQueueTests {
}
