package dev.shapeslab.persistence.r2dbc;

import dev.shapeslab.domain.StoreOutcomeUnknownException;
import dev.shapeslab.domain.StoreUnavailableException;
import dev.shapeslab.persistence.OutageKinds;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTransientResourceException;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;
import reactor.pool.PoolAcquirePendingLimitException;

/**
 * Which failures of an r2dbc store call mean that the database could not answer, told apart by what the driver and
 * the pool report (PostgreSQL's SQLStates, as for the JDBC backends, and the driver's own exceptions for a connection
 * that was refused or broke). Those become {@link StoreUnavailableException}s (503 with {@code Retry-After}); any
 * other failure passes unchanged, so that a bug stays a 500. Once a call has found the database unreachable, the calls
 * of the next {@code shapes.database.fail-fast} fail at once the same way.
 */
final class Outages {

    static final String POOL_FULL = "too many store calls waiting for a connection";

    private final long failFastNanos;
    private final LongSupplier nanoClock;
    private volatile Unreachable unreachable = new Unreachable(0, null);

    private record Unreachable(long until, StoreUnavailableException failure) {
    }

    Outages(Duration failFast, LongSupplier nanoClock) {
        this.failFastNanos = failFast.toNanos();
        this.nanoClock = nanoClock;
    }

    /** The failure to signal at once, while a call has found the database unreachable in the last moment. */
    Optional<StoreUnavailableException> failingFast() {
        Unreachable known = unreachable;
        if (known.failure() != null && nanoClock.getAsLong() - known.until() < 0) {
            return Optional.of(new StoreUnavailableException(known.failure().kind(), known.failure().getCause()));
        }
        return Optional.empty();
    }

    /**
     * What the caller sees of {@code failure}: an outage, an outcome that cannot be known (the connection was lost
     * or the deadline passed while the COMMIT was under way), or {@code failure} itself.
     */
    Throwable translate(Throwable failure, boolean committing) {
        if (failure instanceof StoreUnavailableException || failure instanceof StoreOutcomeUnknownException) {
            return failure;
        }
        Optional<String> kind = kindOf(failure);
        if (kind.isEmpty()) {
            return failure;
        }
        StoreUnavailableException unavailable = new StoreUnavailableException(kind.get(), failure);
        if (OutageKinds.UNREACHABLE.contains(kind.get()) && failFastNanos > 0) {
            unreachable = new Unreachable(nanoClock.getAsLong() + failFastNanos, unavailable);
        }
        if (committing && (kind.get().equals(OutageKinds.BROKEN) || kind.get().equals(OutageKinds.NO_ANSWER))) {
            return new StoreOutcomeUnknownException(failure);
        }
        return unavailable;
    }

    /** The most specific reason in {@code failure}'s causes that says the database could not answer, if any. */
    static Optional<String> kindOf(Throwable failure) {
        String kind = null;
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            String here = kindHere(cause);
            if (here != null) {
                kind = here;
            }
        }
        return Optional.ofNullable(kind);
    }

    private static String kindHere(Throwable cause) {
        if (cause instanceof StoreCalls.NoConnectionInTime) {
            return OutageKinds.NO_CONNECTION;
        }
        if (cause instanceof TimeoutException) {
            return OutageKinds.NO_ANSWER; // the call's deadline, or the pool's bound on opening a connection
        }
        if (cause instanceof PoolAcquirePendingLimitException) {
            return POOL_FULL;
        }
        if (cause instanceof R2dbcException r2dbc) {
            String state = r2dbc.getSqlState() == null ? "" : r2dbc.getSqlState();
            String kind = OutageKinds.ofSqlState(state);
            if (kind != null) {
                return kind;
            }
            if (state.isEmpty() && (cause instanceof R2dbcNonTransientResourceException
                    || cause instanceof R2dbcTransientResourceException)) {
                return OutageKinds.BROKEN; // refused, closed or reset: the driver's own, without a server's SQLState
            }
        }
        if (cause instanceof IOException) {
            return OutageKinds.BROKEN;
        }
        return null;
    }
}
