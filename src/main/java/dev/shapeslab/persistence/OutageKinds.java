package dev.shapeslab.persistence;

import dev.shapeslab.domain.StoreOutcomeUnknownException;
import dev.shapeslab.domain.StoreUnavailableException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The names every database backend gives an outage ({@link dev.shapeslab.domain.StoreUnavailableException#kind()}), and
 * the one classification of a failed store call, over what each driver's {@link StoreErrors} say.
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

    /** PostgreSQL's SQLStates for a server that ends or refuses sessions (shutdowns, cannot_connect_now). */
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
     * What the caller of a store call sees of {@code failure}: an outage (503), an outcome that cannot be known (a 500
     * that says so), or {@code failure} itself, so that a bug stays a 500.
     */
    public static Throwable translate(Throwable failure, boolean committing, StoreErrors errors) {
        if (failure instanceof StoreUnavailableException || failure instanceof StoreOutcomeUnknownException) {
            return failure;
        }
        Optional<String> kind = kindOf(failure, errors);
        if (kind.isEmpty()) {
            return failure;
        }
        if (committing && mayHaveCommitted(failure, errors)) {
            return new StoreOutcomeUnknownException(failure);
        }
        return new StoreUnavailableException(kind.get(), failure);
    }

    /**
     * Whether a write that failed with {@code failure} while committing may have been applied: the connection broke or
     * the database stopped answering, and no cause says that nothing was sent ({@link StoreErrors#sentNothing}).
     */
    public static boolean mayHaveCommitted(Throwable failure, StoreErrors errors) {
        for (Throwable cause : causes(failure)) {
            if (errors.sentNothing(cause)) {
                return false;
            }
        }
        return kindOf(failure, errors).filter(kind -> kind.equals(BROKEN) || kind.equals(NO_ANSWER)).isPresent();
    }

    /**
     * The most specific reason in {@code failure}'s causes that says the database could not answer, if any; a
     * {@link DeadlinePassed} is "did not answer in time" whatever the aborted connection then reported.
     */
    public static Optional<String> kindOf(Throwable failure, StoreErrors errors) {
        String kind = null;
        for (Throwable cause : causes(failure)) {
            if (cause instanceof DeadlinePassed) {
                return Optional.of(NO_ANSWER);
            }
            String here = cause instanceof NoConnectionInTime ? NO_CONNECTION : errors.kindHere(cause);
            if (here != null) {
                kind = here;
            }
        }
        return Optional.ofNullable(kind);
    }

    /** {@code failure} and its causes, outermost first, each once: the one walk through a cause chain. */
    private static List<Throwable> causes(Throwable failure) {
        List<Throwable> chain = new ArrayList<>(4);
        for (Throwable cause = failure; cause != null && !chain.contains(cause); cause = cause.getCause()) {
            chain.add(cause);
        }
        return chain;
    }

    /**
     * A store call got no connection within its bound: the pool was busy, or every connection hung. Not a sign of an
     * unreachable database (a crowd waiting for the connections of a healthy one must not turn away the calls after it).
     */
    public static final class NoConnectionInTime extends RuntimeException {
        public NoConnectionInTime(Duration bound) {
            super("no database connection within " + bound.toMillis() + " ms", null, false, false);
        }
    }

    /** A store call's deadline passed and its connection was aborted: the database did not answer in time. */
    public static final class DeadlinePassed extends RuntimeException {
        public DeadlinePassed(Duration bound, Throwable cause) {
            super("the database did not answer within " + bound.toMillis() + " ms", cause);
        }
    }
}
