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
 * Fails store calls at once while the database is known to be unreachable, on every database driver: Resilience4j's
 * {@link CircuitBreaker}, configured here and nowhere else, to open on a single outage and to stay open for
 * {@code shapes.database.fail-fast} ({@link DatabaseTimeBounds#failFast()}). The JDBC stores' failure chain calls it
 * around a blocking call ({@link #guard(Call)}); the R2DBC and Vert.x client stores pass it through their adapters over
 * {@link #start()} ({@code r2dbc.ReactorCalls}, {@code pgclient.FutureCalls}), so that no Reactor nor Vert.x is here.
 * Once a call has found the database
 * unreachable (connection refused or broken, shutting down, no answer in time, or a commit cut off), the calls of
 * that window fail at once with the same {@link StoreUnavailableException} instead of each waiting for a connection
 * that cannot come: with a queue of requests in front of a few threads (the async variant's pool on JDBC) or of a
 * pool's connections (R2DBC), those waits added up to seconds.
 *
 * <p>After the window the breaker is half-open, and every call tries the database again (up to
 * {@link #TRIAL_CALLS} under way at once), not one probe: a single probe was tried before and made recovery
 * wait for it (docs/results.md). The first of those calls to end decides: a success closes the breaker, an
 * outage opens it for another window. Resilience4j differs from the hand-made windows it replaces in two
 * ways: failures of calls already under way when it opened do not make the window longer, and calls past
 * {@link #TRIAL_CALLS} that start while the first trial is under way fail at once.
 *
 * <p>It sees the outcomes {@link OutageKinds#translate} has named: an unavailable database of an unreachable kind
 * ({@link OutageKinds#UNREACHABLE}), or an outcome-unknown commit, is an outage; a merely busy pool or any other failure
 * counts as an answer.
 */
public final class OutageBreaker {

    /**
     * Calls let through while half-open, before the first of them ends. At least the store calls that can be under
     * way at once with the shipped settings (admission lets 20 requests in on a database backend, and one raised for
     * a test or a benchmark rarely past 1,000; a request has one store call under way at a time), so that in
     * practice none is turned away; Resilience4j keeps one slot per call.
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
     * Runs {@code call} on the calling thread unless the database is known to be unreachable. <b>Errors:</b> while
     * open, a {@link StoreUnavailableException} like the last outage's, without running the call; otherwise what
     * the call throws, unchanged.
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
