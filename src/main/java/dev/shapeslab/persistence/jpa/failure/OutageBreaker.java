package dev.shapeslab.persistence.jpa.failure;

import dev.shapeslab.domain.StoreOutcomeUnknownException;
import dev.shapeslab.domain.StoreUnavailableException;
import dev.shapeslab.persistence.OutageKinds;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig.SlidingWindowType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.function.LongSupplier;

/**
 * Fails store calls at once while the database is known to be unreachable: Resilience4j's
 * {@link CircuitBreaker}, set to open on a single outage and to stay open for {@code shapes.database.fail-fast}.
 * Once a call has found the database unreachable (connection refused or broken, shutting down, no answer in
 * time, or a commit cut off), the calls of that window fail at once with the same
 * {@link StoreUnavailableException} instead of each waiting for a connection that cannot come: with a queue
 * of requests in front of a few threads (the async variant's pool) those waits added up to seconds.
 *
 * <p>After the window the breaker is half-open, and every call tries the database again (up to
 * {@link #TRIAL_CALLS} under way at once), not one probe: a single probe was tried before and made recovery
 * wait for it (docs/results.md). The first of those calls to end decides: a success closes the breaker, an
 * outage opens it for another window. Resilience4j differs from the hand-made window it replaces in two
 * ways, both said in the package-info: failures of calls already under way when it opened do not make the
 * window longer, and calls past {@link #TRIAL_CALLS} that start while the first trial is under way fail at once.
 *
 * <p>It sees the outcomes {@link StoreOutages} has translated: an unavailable database of an unreachable kind,
 * or an outcome-unknown commit, is an outage; a merely busy pool or any other failure counts as an answer.
 */
final class OutageBreaker {

    /**
     * Calls let through while half-open, before the first of them ends. Far more than the store calls that can
     * be under way at once on a database backend with the shipped settings (admission lets 20 requests in, the
     * async pool has 10 threads), so that in practice none is turned away; Resilience4j keeps one slot per call.
     */
    static final int TRIAL_CALLS = 1000;

    private static final Duration NEVER_SLOW = Duration.ofDays(365);

    private final CircuitBreaker breaker;
    private volatile StoreUnavailableException lastOutage;

    /**
     * @param failFast  how long calls fail at once after an outage; zero turns it off
     * @param nanoClock the time, as {@link System#nanoTime()} counts it (monotonic, unlike the wall clock)
     */
    OutageBreaker(Duration failFast, LongSupplier nanoClock) {
        this.breaker = failFast.isZero() ? null : CircuitBreaker.of("database", CircuitBreakerConfig.custom()
                .slidingWindow(1, 1, SlidingWindowType.COUNT_BASED) // the last outcome alone decides
                .failureRateThreshold(100)
                .waitDurationInOpenState(failFast)
                .permittedNumberOfCallsInHalfOpenState(TRIAL_CALLS)
                .recordException(OutageBreaker::isOutage)
                // Only outages open it: no call counts as slow (the deadline bounds them, at a setting's length).
                .slowCallDurationThreshold(NEVER_SLOW)
                .clock(new NanoClock(nanoClock))
                .writableStackTraceEnabled(false)
                .build());
    }

    /**
     * Runs {@code call} unless the database is known to be unreachable. <b>Errors:</b> while open, a
     * {@link StoreUnavailableException} like the last outage's, without running the call; otherwise what the
     * call throws, unchanged.
     */
    Object guard(StoreCall call) throws Throwable {
        if (breaker == null) {
            return call.proceed();
        }
        if (!breaker.tryAcquirePermission()) {
            StoreUnavailableException known = lastOutage;
            throw known == null ? new StoreUnavailableException(OutageKinds.BROKEN, null)
                    : new StoreUnavailableException(known.kind(), known.getCause());
        }
        long start = breaker.getCurrentTimestamp();
        try {
            Object result = call.proceed();
            breaker.onSuccess(breaker.getCurrentTimestamp() - start, breaker.getTimestampUnit());
            return result;
        } catch (Throwable failure) {
            if (isOutage(failure)) {
                lastOutage = failure instanceof StoreUnavailableException unavailable ? unavailable
                        : new StoreUnavailableException(OutageKinds.BROKEN, failure.getCause());
            }
            // After lastOutage is set: a call turned away by the breaker this opens reads it.
            breaker.onError(breaker.getCurrentTimestamp() - start, breaker.getTimestampUnit(), failure);
            throw failure;
        }
    }

    /** The breaker's state, for tests and diagnostics. */
    CircuitBreaker.State state() {
        return breaker == null ? CircuitBreaker.State.DISABLED : breaker.getState();
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
