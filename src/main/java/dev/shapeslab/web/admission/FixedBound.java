package dev.shapeslab.web.admission;

import com.netflix.concurrency.limits.Limit;
import java.util.function.Consumer;

/**
 * Admission's {@code fixed} algorithm, which drops a finished request's sample unread: concurrency-limits'
 * {@code FixedLimit} takes a monitor per sample, whose next owner starved under {@code virtual}
 * (docs/notebook/2026-11-26-virtual-threads-and-the-scheduler-queues.md).
 */
final class FixedBound implements Limit {

    private final int bound;

    FixedBound(int bound) {
        this.bound = bound;
    }

    @Override
    public int getLimit() {
        return bound;
    }

    @Override
    public void notifyOnChange(Consumer<Integer> consumer) {
        // it never changes
    }

    @Override
    public void onSample(long startTime, long rtt, int inflight, boolean didDrop) {
        // nothing to learn
    }

    @Override
    public String toString() {
        return "FixedBound [" + bound + "]";
    }
}
