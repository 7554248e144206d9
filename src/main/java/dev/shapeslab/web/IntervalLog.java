package dev.shapeslab.web;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.slf4j.Logger;

/**
 * Logs a recurring failure once per kind and interval, with a count, not once per request: during an outage every
 * request fails alike, and a stack trace each buries the log (docs/faults.md, "Logs stay readable").
 */
public final class IntervalLog {

    private final Logger log;
    private final long intervalNanos;
    private final LongSupplier nanoClock;
    private final ConcurrentMap<String, Window> windows = new ConcurrentHashMap<>();

    public IntervalLog(Logger log, Duration interval) {
        this(log, interval, System::nanoTime);
    }

    IntervalLog(Logger log, Duration interval, LongSupplier nanoClock) {
        this.log = log;
        this.intervalNanos = interval.toNanos();
        this.nanoClock = nanoClock;
    }

    /** Logs {@code message} at WARN unless {@code kind} was logged less than an interval ago. */
    public void warn(String kind, String message) {
        Window window = windows.computeIfAbsent(kind, k -> new Window(nanoClock.getAsLong()));
        long now = nanoClock.getAsLong();
        long due = window.nextLogAt.get();
        if (now - due < 0 || !window.nextLogAt.compareAndSet(due, now + intervalNanos)) {
            window.suppressed.incrementAndGet();
            return;
        }
        int more = window.suppressed.getAndSet(0);
        if (more > 0) {
            log.warn("{} ({} more like it in the last {} s)", message, more, intervalNanos / 1_000_000_000);
        } else {
            log.warn(message);
        }
    }

    private static final class Window {
        final AtomicLong nextLogAt;
        final AtomicInteger suppressed = new AtomicInteger();

        Window(long now) {
            this.nextLogAt = new AtomicLong(now);
        }
    }
}
