package dev.shapeslab.persistence.jpa.failure;

import dev.shapeslab.domain.StoreOutcomeUnknownException;
import dev.shapeslab.domain.StoreUnavailableException;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Fails store calls at once while the database is known to be unreachable. Once a call has found it
 * unreachable (connection refused or broken, shutting down, no answer in time, or a commit cut off), the
 * calls of the next {@code shapes.database.fail-fast} fail at once with the same {@link StoreUnavailableException}
 * instead of each waiting for a connection that cannot come: with a queue of requests in front of a few
 * threads (the async variant's pool) those waits added up to seconds. The first calls after it try again.
 *
 * <p>It sees the outcomes {@link StoreOutages} has translated: an unavailable database of an unreachable kind,
 * or an outcome-unknown commit, opens it; a merely busy pool or any other failure does not.
 */
final class OutageBreaker {

    private final long failFastNanos;
    private final LongSupplier nanoClock;
    private volatile Unreachable unreachable = new Unreachable(0, null);

    /** The database was found unreachable; calls fail fast until {@code until} (of the nano clock). */
    private record Unreachable(long until, StoreUnavailableException failure) {
    }

    /** @param failFast zero turns it off */
    OutageBreaker(Duration failFast, LongSupplier nanoClock) {
        this.failFastNanos = failFast.toNanos();
        this.nanoClock = nanoClock;
    }

    /**
     * Runs {@code call} unless the database is known to be unreachable. <b>Errors:</b> a
     * {@link StoreUnavailableException} like the one that opened it, without running the call, while open;
     * otherwise what the call throws.
     */
    Object guard(StoreCall call) throws Throwable {
        Unreachable known = unreachable;
        if (known.failure() != null && nanoClock.getAsLong() - known.until() < 0) {
            throw new StoreUnavailableException(known.failure().kind(), known.failure().getCause());
        }
        try {
            return call.proceed();
        } catch (StoreOutcomeUnknownException unknown) {
            open(new StoreUnavailableException(StoreOutages.BROKEN, unknown.getCause()));
            throw unknown;
        } catch (StoreUnavailableException unavailable) {
            if (StoreOutages.UNREACHABLE.contains(unavailable.kind())) {
                open(unavailable);
            }
            throw unavailable;
        }
    }

    private void open(StoreUnavailableException failure) {
        if (failFastNanos > 0) {
            unreachable = new Unreachable(nanoClock.getAsLong() + failFastNanos, failure);
        }
    }
}
