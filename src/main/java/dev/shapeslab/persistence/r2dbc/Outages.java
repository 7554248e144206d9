package dev.shapeslab.persistence.r2dbc;

import dev.shapeslab.domain.StoreUnavailableException;
import dev.shapeslab.persistence.OutageKinds;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTransientResourceException;
import java.io.IOException;
import java.util.concurrent.TimeoutException;
import reactor.pool.PoolAcquirePendingLimitException;

/**
 * Which failures of an r2dbc store call mean that the database could not answer, told apart by what the driver and
 * the pool report (PostgreSQL's SQLStates, as for the JDBC backends, and the driver's own exceptions for a connection
 * that was refused or broke). Those become {@link StoreUnavailableException}s (503 with {@code Retry-After}); any
 * other failure passes unchanged, so that a bug stays a 500. What it names is what the
 * {@link dev.shapeslab.persistence.OutageBreaker} around the call reads: the kinds in
 * {@link OutageKinds#UNREACHABLE}, and a commit cut off, open it, as on the JDBC backends.
 */
final class Outages {

    static final String POOL_FULL = OutageKinds.POOL_FULL;

    private Outages() {
    }

    /** What the caller sees of {@code failure}: see {@link OutageKinds#translate}. */
    static Throwable translate(Throwable failure, boolean committing) {
        return OutageKinds.translate(failure, committing, Outages::kindHere);
    }

    private static String kindHere(Throwable cause) {
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
