package dev.shapeslab.persistence.jpa;

import dev.shapeslab.domain.StoreUnavailableException;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import java.util.Optional;
import java.util.Set;
import org.aopalliance.intercept.MethodInterceptor;
import org.h2.api.ErrorCode;
import org.springframework.aop.framework.autoproxy.AbstractBeanFactoryAwareAdvisingPostProcessor;
import org.springframework.aop.support.ComposablePointcut;
import org.springframework.aop.support.DefaultPointcutAdvisor;
import org.springframework.aop.support.RootClassFilter;
import dev.shapeslab.startup.Profiles;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;
import org.springframework.transaction.TransactionTimedOutException;

/**
 * Turns a store call that failed because the database could not answer (down, unreachable, hung, or slower
 * than the bounds set on the pool, the socket and the transaction) into a {@link StoreUnavailableException},
 * which the web layer answers 503 with {@code Retry-After}. Any other failure passes unchanged: a bug stays
 * a 500.
 *
 * <p>The advice wraps the JPA stores outside their transaction, so a failed begin or commit is seen too.
 * Whatever the exception a caller sees, the transaction was rolled back or never began; the one case
 * that cannot be known is a commit whose answer was lost with the connection (see the README).
 */
@Component
@Profile("!" + Profiles.STUB)
class StoreOutages extends AbstractBeanFactoryAwareAdvisingPostProcessor {

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

    StoreOutages() {
        MethodInterceptor translate = invocation -> {
            try {
                return invocation.proceed();
            } catch (RuntimeException failure) {
                throw kindOf(failure).<RuntimeException>map(kind -> new StoreUnavailableException(kind, failure))
                        .orElse(failure);
            }
        };
        this.advisor = new DefaultPointcutAdvisor(new ComposablePointcut(new RootClassFilter(JpaEntityStore.class)),
                translate);
        // Outside the transaction interceptor, which throws on begin and commit.
        setBeforeExistingAdvisors(true);
    }

    /** The most specific reason in {@code failure}'s causes that says the database could not answer, if any. */
    static Optional<String> kindOf(Throwable failure) {
        String kind = null;
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
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
            return "database did not answer in time";
        }
        if (cause instanceof SQLException sql) {
            String state = sql.getSQLState() == null ? "" : sql.getSQLState();
            if (state.startsWith("08") || isH2(sql) && H2BrokenConnections.BROKEN.contains(sql.getErrorCode())) {
                return "database connection broken";
            }
            if (POSTGRES_SHUTTING_DOWN.contains(state)) {
                return "database shutting down or starting up";
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
