package dev.shapeslab.persistence;

import java.time.Duration;

/**
 * Latency a backend simulates, which a caller able to wait without a thread may take over from the store. A backend
 * that simulates none provides no bean: callers treat that as zero.
 */
public interface SimulatedLatency {

    /**
     * Called once by a caller that can wait on a timer, before its first store call: from then on the store does not
     * wait itself. Returns the wait before each call; zero when the backend keeps waiting on the calling thread.
     */
    Duration handOverToTimer();
}
