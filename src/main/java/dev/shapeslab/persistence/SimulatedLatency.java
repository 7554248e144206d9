package dev.shapeslab.persistence;

import java.time.Duration;

/**
 * Latency a backend simulates, for callers that wait for it themselves without holding a thread (as over
 * a non-blocking driver). A backend that simulates none provides no bean: callers treat that as zero.
 */
public interface SimulatedLatency {

    /** How long a non-blocking caller waits before each store call; zero when the store itself waits. */
    Duration forNonBlockingCallers();
}
