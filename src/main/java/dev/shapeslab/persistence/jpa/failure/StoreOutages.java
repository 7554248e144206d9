package dev.shapeslab.persistence.jpa.failure;

import dev.shapeslab.domain.StoreOutcomeUnknownException;
import dev.shapeslab.domain.StoreUnavailableException;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import java.util.Optional;
import java.util.Set;
import org.h2.api.ErrorCode;
import org.springframework.transaction.TransactionTimedOutException;

/**
 * Turns a store call that failed because the database could not answer (down, unreachable, hung, or slower
 * than the bounds set on the pool, the socket and the deadline) into a {@link StoreUnavailableException},
 * which the web layer answers 503 with {@code Retry-After}. Any other failure passes unchanged: a bug stays
 * a 500. A commit that may have landed stays a {@link StoreOutcomeUnknownException} (500, no
 * {@code Retry-After}).
 *
 * <p>Its place in the {@link StoreCallChain}: outside the {@link StoreDeadline} (whose
 * {@link StoreDeadline.DeadlinePassed} it names "did not answer in time") and the transaction, so a failed begin
 * or commit is seen too; inside the {@link OutageBreaker}, which reads the kinds it names. Whatever the
 * exception a caller sees, the transaction was rolled back or never began; the one case that cannot be known
 * is a commit whose answer was lost with the connection (docs/faults.md).
 */
final class StoreOutages {

    static final String BROKEN = "database connection broken";
    static final String NO_ANSWER = "database did not answer in time";
    static final String SHUTTING_DOWN = "database shutting down or starting up";
    /** What HikariCP throws, without an SQLState, for a call on a connection it has closed. */
    private static final String HIKARI_CLOSED = "Connection is closed";

    /**
     * PostgreSQL's SQLStates (class 57, operator intervention) for a server that ends or refuses sessions:
     * admin_shutdown (a fast or smart shutdown, a restart, or pg_terminate_backend), crash_shutdown (another
     * server process crashed and every session is reset), cannot_connect_now (starting up or shutting down,
     * or in recovery). HikariCP evicts the connection on these itself.
     */
    static final Set<String> POSTGRES_SHUTTING_DOWN = Set.of("57P01", "57P02", "57P03");

    /** PostgreSQL's query_canceled: the driver cancels a statement that outlives its query timeout. */
    static final String POSTGRES_QUERY_CANCELED = "57014";

    /** PostgreSQL's lock_not_available: a lock wait passed lock_timeout. */
    static final String POSTGRES_LOCK_NOT_AVAILABLE = "55P03";

    /** The kinds that say the database cannot be reached now, as opposed to a busy pool or a slow statement. */
    static final Set<String> UNREACHABLE = Set.of(BROKEN, NO_ANSWER, SHUTTING_DOWN);

    private StoreOutages() {
    }

    /**
     * Runs {@code call} and names its failure if the database could not answer. <b>Errors:</b> a
     * {@link StoreUnavailableException} with the kind of outage and the failure as cause; a
     * {@link StoreOutcomeUnknownException} or any failure that is not an outage, unchanged.
     */
    static Object translate(StoreCall call) throws Throwable {
        try {
            return call.proceed();
        } catch (StoreOutcomeUnknownException | StoreUnavailableException known) {
            throw known;
        } catch (RuntimeException failure) {
            Optional<String> kind = kindOf(failure);
            if (kind.isEmpty()) {
                throw failure;
            }
            throw new StoreUnavailableException(kind.get(), failure);
        }
    }

    /**
     * Whether a failed commit may still have been applied: the connection broke or the database stopped
     * answering while the commit was under way. Not when the pool had closed the connection before (nothing
     * was sent).
     */
    static boolean commitMayHaveLanded(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException closed && closed.getSQLState() == null
                    && HIKARI_CLOSED.equals(closed.getMessage())) {
                return false;
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return kindOf(failure).filter(kind -> kind.equals(BROKEN) || kind.equals(NO_ANSWER)).isPresent();
    }

    /** Whether {@code failure} says the database cannot be reached: refused, broken, no answer, starting up. */
    static boolean unreachable(Throwable failure) {
        return kindOf(failure).filter(UNREACHABLE::contains).isPresent();
    }

    /** The most specific reason in {@code failure}'s causes that says the database could not answer, if any. */
    static Optional<String> kindOf(Throwable failure) {
        String kind = null;
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof StoreDeadline.DeadlinePassed) {
                return Optional.of(NO_ANSWER); // whatever the aborted connection then reported
            }
            String here = kindHere(cause);
            if (here != null) {
                kind = here;
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return Optional.ofNullable(kind);
    }

    private static String kindHere(Throwable cause) {
        if (cause instanceof SQLTransientConnectionException) {
            return "no database connection within the wait";
        }
        if (cause instanceof SQLTimeoutException || cause instanceof TransactionTimedOutException
                || (cause instanceof org.hibernate.TransactionException && String.valueOf(cause.getMessage())
                .contains("timeout"))) {
            return "transaction timed out";
        }
        if (cause instanceof SocketTimeoutException) {
            return NO_ANSWER;
        }
        if (cause instanceof SQLException closed && closed.getSQLState() == null
                && HIKARI_CLOSED.equals(closed.getMessage())) {
            return BROKEN; // Hikari closed it (evicted as broken) before this call used it: nothing was sent
        }
        if (cause instanceof SQLException sql) {
            String state = sql.getSQLState() == null ? "" : sql.getSQLState();
            if (state.startsWith("08") || isH2(sql) && H2BrokenConnections.BROKEN.contains(sql.getErrorCode())) {
                return BROKEN;
            }
            if (POSTGRES_SHUTTING_DOWN.contains(state)) {
                return SHUTTING_DOWN;
            }
            if (state.equals(POSTGRES_QUERY_CANCELED) || isH2(sql) && sql.getErrorCode() == ErrorCode.STATEMENT_WAS_CANCELED) {
                return "statement timed out";
            }
            if (state.equals(POSTGRES_LOCK_NOT_AVAILABLE) || isH2(sql) && sql.getErrorCode() == ErrorCode.LOCK_TIMEOUT_1) {
                return "lock wait timed out";
            }
        }
        return null;
    }

    /**
     * H2's vendor codes are read only from H2's exceptions: another driver's codes may mean something else
     * (PostgreSQL's are always 0, and it says everything with its SQLState).
     */
    private static boolean isH2(SQLException sql) {
        return sql instanceof org.h2.jdbc.JdbcException;
    }
}
