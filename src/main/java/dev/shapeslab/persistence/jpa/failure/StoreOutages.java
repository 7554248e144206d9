package dev.shapeslab.persistence.jpa.failure;

import dev.shapeslab.domain.StoreUnavailableException;
import dev.shapeslab.persistence.OutageBreaker;
import dev.shapeslab.persistence.OutageKinds;
import dev.shapeslab.persistence.StoreErrors;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import java.util.Optional;
import org.h2.api.ErrorCode;
import org.springframework.transaction.TransactionTimedOutException;

/**
 * Turns a store call that failed because the database could not answer into a {@link StoreUnavailableException}
 * (503); any other failure passes unchanged. What JDBC's failures mean is {@link StoreErrors}.
 */
final class StoreOutages {

    /** What HikariCP throws, without an SQLState, for a call on a connection it has closed. */
    private static final String HIKARI_CLOSED = "Connection is closed";

    private StoreOutages() {
    }

    /** Runs {@code call}. <b>Errors:</b> its failure as {@link OutageKinds#translate} names it (not committing). */
    static Object translate(OutageBreaker.Call call) throws Throwable {
        try {
            return call.proceed();
        } catch (RuntimeException failure) {
            throw OutageKinds.translate(failure, false, ERRORS);
        }
    }

    /** Whether a failed commit may still have been applied: see {@link OutageKinds#mayHaveCommitted}. */
    static boolean commitMayHaveLanded(Throwable failure) {
        return OutageKinds.mayHaveCommitted(failure, ERRORS);
    }

    /** The most specific reason in {@code failure}'s causes that says the database could not answer, if any. */
    static Optional<String> kindOf(Throwable failure) {
        return OutageKinds.kindOf(failure, ERRORS);
    }

    /** What the JDBC drivers' (H2's, PostgreSQL's), HikariCP's and Spring's failures mean. */
    private static final StoreErrors ERRORS = new StoreErrors() {
        @Override
        public String kindHere(Throwable failure) {
            return StoreOutages.kindHere(failure);
        }

        @Override
        public boolean sentNothing(Throwable failure) {
            return hikariClosed(failure);
        }
    };

    /** Hikari had closed the connection (evicted as broken) before this call used it: nothing was sent. */
    private static boolean hikariClosed(Throwable cause) {
        return cause instanceof SQLException closed && closed.getSQLState() == null
                && HIKARI_CLOSED.equals(closed.getMessage());
    }

    private static String kindHere(Throwable cause) {
        if (cause instanceof SQLTransientConnectionException) {
            return OutageKinds.NO_CONNECTION;
        }
        if (cause instanceof SQLTimeoutException || cause instanceof TransactionTimedOutException
                || (cause instanceof org.hibernate.TransactionException && String.valueOf(cause.getMessage())
                .contains("timeout"))) {
            return "transaction timed out";
        }
        if (cause instanceof SocketTimeoutException) {
            return OutageKinds.NO_ANSWER;
        }
        if (hikariClosed(cause)) {
            return OutageKinds.BROKEN; // Hikari closed it (evicted as broken) before this call used it: nothing was sent
        }
        if (cause instanceof SQLException sql) {
            // (HikariCP evicts a connection on PostgreSQL's shutdown states itself.)
            String kind = OutageKinds.ofSqlState(sql.getSQLState());
            if (kind == null && isH2(sql)) {
                kind = h2Kind(sql.getErrorCode());
            }
            if (kind != null) {
                return kind;
            }
        }
        return null;
    }

    private static String h2Kind(int errorCode) {
        if (H2BrokenConnections.BROKEN.contains(errorCode)) {
            return OutageKinds.BROKEN;
        }
        if (errorCode == ErrorCode.STATEMENT_WAS_CANCELED) {
            return OutageKinds.STATEMENT_TIMED_OUT;
        }
        if (errorCode == ErrorCode.LOCK_TIMEOUT_1) {
            return OutageKinds.LOCK_TIMED_OUT;
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
