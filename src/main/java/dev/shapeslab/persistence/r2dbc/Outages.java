package dev.shapeslab.persistence.r2dbc;

import dev.shapeslab.persistence.OutageKinds;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTransientResourceException;
import java.io.IOException;
import java.util.concurrent.TimeoutException;
import reactor.pool.PoolAcquirePendingLimitException;

/** Which of r2dbc-postgresql's and r2dbc-pool's failures say the database could not answer. */
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
