package dev.shapeslab.persistence;

import dev.shapeslab.domain.StoreOutcomeUnknownException;
import dev.shapeslab.domain.StoreUnavailableException;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The names every database backend gives to a store call that failed because the database could not answer
 * ({@link dev.shapeslab.domain.StoreUnavailableException#kind()}), and what the standard's and PostgreSQL's
 * SQLStates say, which the JDBC and the R2DBC drivers report alike.
 */
public final class OutageKinds {

    public static final String BROKEN = "database connection broken";
    public static final String NO_ANSWER = "database did not answer in time";
    public static final String SHUTTING_DOWN = "database shutting down or starting up";
    public static final String NO_CONNECTION = "no database connection within the wait";
    public static final String STATEMENT_TIMED_OUT = "statement timed out";
    public static final String LOCK_TIMED_OUT = "lock wait timed out";
    /**
     * A pooled connection was closed before the call's statement went out (by another call's deadline, say, before
     * the pool noticed): nothing was sent, so nothing was written, even of a COMMIT; not a sign of an outage.
     */
    public static final String CLOSED_BEFORE_SENT = "database connection closed before the statement was sent";
    /** A non-blocking pool's queue for a connection was full: the service is busy, the database may be fine. */
    public static final String POOL_FULL = "too many store calls waiting for a connection";

    /** The kinds that say the database cannot be reached now, as opposed to a busy pool or a slow statement. */
    public static final Set<String> UNREACHABLE = Set.of(BROKEN, NO_ANSWER, SHUTTING_DOWN);

    /**
     * PostgreSQL's SQLStates (class 57, operator intervention) for a server that ends or refuses sessions:
     * admin_shutdown (a fast or smart shutdown, a restart, or pg_terminate_backend), crash_shutdown (another
     * server process crashed and every session is reset), cannot_connect_now (starting up or shutting down,
     * or in recovery).
     */
    static final Set<String> POSTGRES_SHUTTING_DOWN = Set.of("57P01", "57P02", "57P03");

    /** PostgreSQL's query_canceled: a statement cancelled at its timeout or by a cancel request. */
    static final String POSTGRES_QUERY_CANCELED = "57014";

    /** PostgreSQL's lock_not_available: a lock wait passed lock_timeout. */
    static final String POSTGRES_LOCK_NOT_AVAILABLE = "55P03";

    private OutageKinds() {
    }

    /** The kind an SQLState names (class 08, connection exception, and PostgreSQL's own), or null. */
    public static String ofSqlState(String state) {
        if (state == null) {
            return null;
        }
        if (state.startsWith("08")) {
            return BROKEN;
        }
        if (POSTGRES_SHUTTING_DOWN.contains(state)) {
            return SHUTTING_DOWN;
        }
        if (state.equals(POSTGRES_QUERY_CANCELED)) {
            return STATEMENT_TIMED_OUT;
        }
        if (state.equals(POSTGRES_LOCK_NOT_AVAILABLE)) {
            return LOCK_TIMED_OUT;
        }
        return null;
    }

    /**
     * What the caller of a non-blocking store call sees of {@code failure} (the r2dbc stores' and the Vert.x
     * client's, each naming the outage a cause says with {@code kindHere}, or null): an outage
     * ({@link StoreUnavailableException}, a 503), an outcome that cannot be known (the connection was lost or the
     * deadline passed while the COMMIT was under way: {@link StoreOutcomeUnknownException}), or {@code failure}
     * itself, so that a bug stays a 500.
     */
    public static Throwable translate(Throwable failure, boolean committing, Function<Throwable, String> kindHere) {
        if (failure instanceof StoreUnavailableException || failure instanceof StoreOutcomeUnknownException) {
            return failure;
        }
        Optional<String> kind = kindOf(failure, kindHere);
        if (kind.isEmpty()) {
            return failure;
        }
        if (committing && (kind.get().equals(BROKEN) || kind.get().equals(NO_ANSWER))) {
            return new StoreOutcomeUnknownException(failure);
        }
        return new StoreUnavailableException(kind.get(), failure);
    }

    /** The most specific reason in {@code failure}'s causes that says the database could not answer, if any. */
    public static Optional<String> kindOf(Throwable failure, Function<Throwable, String> kindHere) {
        String kind = null;
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            String here = kindHere.apply(cause);
            if (here != null) {
                kind = here;
            }
        }
        return Optional.ofNullable(kind);
    }
}
