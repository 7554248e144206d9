package dev.shapeslab.persistence;

import dev.shapeslab.domain.StoreOutcomeUnknownException;
import dev.shapeslab.domain.StoreUnavailableException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig.SlidingWindowType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

/**
 * Fails store calls at once while the database is known to be unreachable, so that queued requests do not each wait
 * for a connection that cannot come: Resilience4j's {@link CircuitBreaker}, configured here for every driver, opened
 * by one outage for {@code shapes.database.fail-fast}. After the window every call tries again (up to
 * {@link #TRIAL_CALLS}), not one probe, which made recovery wait for it (docs/faults.md).
 */
public final class OutageBreaker {

    /**
     * Calls let through while half-open, before the first of them ends: above the store calls admission lets be under
     * way at once (20 as shipped, rarely past 1,000 raised), so that in practice none is turned away.
     */
    static final int TRIAL_CALLS = 1000;

    private static final Duration NEVER_SLOW = Duration.ofDays(365);

    private final CircuitBreaker breaker;
    private volatile StoreUnavailableException lastOutage;

    /**
     * @param failFast  how long calls fail at once after an outage; zero turns it off
     * @param nanoClock the time, as {@link System#nanoTime()} counts it (monotonic, unlike the wall clock)
     */
    public OutageBreaker(Duration failFast, LongSupplier nanoClock) {
        this.breaker = failFast.isZero() ? null : CircuitBreaker.of("database", CircuitBreakerConfig.custom()
                .slidingWindow(1, 1, SlidingWindowType.COUNT_BASED) // the last outcome alone decides
                .failureRateThreshold(100)
                .waitDurationInOpenState(failFast)
                .permittedNumberOfCallsInHalfOpenState(TRIAL_CALLS)
                .recordException(OutageBreaker::isOutage)
                // Only outages open it: no call counts as slow (each stack bounds its calls at request-timeout).
                .slowCallDurationThreshold(NEVER_SLOW)
                .clock(new NanoClock(nanoClock))
                .writableStackTraceEnabled(false)
                .build());
    }

    /** The breaker of a stack's store calls, open for {@code bounds}' fail-fast window. */
    public static OutageBreaker of(DatabaseTimeBounds bounds) {
        return new OutageBreaker(bounds.failFast(), System::nanoTime);
    }

    /** The rest of a blocking store call, as each step of it sees it (the breaker, and the JDBC chain's steps). */
    @FunctionalInterface
    public interface Call {

        /** Runs the rest of the call. <b>Errors:</b> whatever it throws, unchanged. */
        Object proceed() throws Throwable;
    }

    /**
     * Runs {@code call} unless the database is known to be unreachable. <b>Errors:</b> while open, a
     * {@link StoreUnavailableException} like the last outage's; otherwise what the call throws.
     */
    public Object guard(Call call) throws Throwable {
        Trial trial = start();
        try {
            Object result = call.proceed();
            trial.answered();
            return result;
        } catch (Throwable failure) {
            trial.failed(failure);
            throw failure;
        }
    }

    /**
     * Starts one call the breaker counts, of any execution model, unless the database is known to be unreachable.
     * <b>Errors:</b> while open, a {@link StoreUnavailableException} like the last outage's.
     */
    public Trial start() {
        if (breaker != null && !breaker.tryAcquirePermission()) {
            throw turnedAway();
        }
        return new Trial(breaker == null ? 0 : breaker.getCurrentTimestamp());
    }

    /** One call under way; the first of its ends counts. */
    public final class Trial {

        private final long start;
        private final AtomicBoolean ended = new AtomicBoolean();

        private Trial(long start) {
            this.start = start;
        }

        /** The database answered (a value, or none). */
        public void answered() {
            if (end()) {
                breaker.onSuccess(breaker.getCurrentTimestamp() - start, breaker.getTimestampUnit());
            }
        }

        /** The call failed with {@code failure}: an outage (as above) or an answer. */
        public void failed(Throwable failure) {
            if (end()) {
                remember(failure); // before onError: a call turned away by the breaker this opens reads it
                breaker.onError(breaker.getCurrentTimestamp() - start, breaker.getTimestampUnit(), failure);
            }
        }

        /** The caller gave up on the call (a cancellation): it counts for nothing. */
        public void abandoned() {
            if (end()) {
                breaker.releasePermission();
            }
        }

        private boolean end() {
            return breaker != null && ended.compareAndSet(false, true);
        }
    }

    /** The breaker's state, for tests and diagnostics. */
    public CircuitBreaker.State state() {
        return breaker == null ? CircuitBreaker.State.DISABLED : breaker.getState();
    }

    private void remember(Throwable failure) {
        if (isOutage(failure)) {
            lastOutage = failure instanceof StoreUnavailableException unavailable ? unavailable
                    : new StoreUnavailableException(OutageKinds.BROKEN, failure.getCause());
        }
    }

    private StoreUnavailableException turnedAway() {
        StoreUnavailableException known = lastOutage;
        return known == null ? new StoreUnavailableException(OutageKinds.BROKEN, null)
                : new StoreUnavailableException(known.kind(), known.getCause());
    }

    private static boolean isOutage(Throwable failure) {
        return failure instanceof StoreOutcomeUnknownException
                || failure instanceof StoreUnavailableException unavailable
                && OutageKinds.UNREACHABLE.contains(unavailable.kind());
    }

    /** A clock that reads a nano counter, for Resilience4j's open window. */
    private static final class NanoClock extends Clock {

        private final LongSupplier nanos;

        NanoClock(LongSupplier nanos) {
            this.nanos = nanos;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochSecond(0, nanos.getAsLong());
        }
    }
}
