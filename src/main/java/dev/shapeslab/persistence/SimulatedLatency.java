package dev.shapeslab.persistence;

import java.time.Duration;

/**
 * Latency a backend simulates, which a caller able to wait without holding a thread (as over a non-blocking
 * driver) may take over from the store. The backend offers both ways of waiting; the execution variant
 * chooses. A backend that simulates none provides no bean: callers treat that as zero.
 */
public interface SimulatedLatency {

    /**
     * Called by a caller that can wait on a timer, holding no thread, once before its first store call: from
     * then on the store does not wait itself. Returns how long the caller must wait before each store call;
     * zero when the backend is set to keep waiting on the calling thread (and then the store still waits).
     */
    Duration handOverToTimer();
}
