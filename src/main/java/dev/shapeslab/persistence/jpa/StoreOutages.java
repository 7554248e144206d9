package dev.shapeslab.persistence.jpa;

import dev.shapeslab.domain.StoreUnavailableException;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import java.util.Optional;
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
            if (H2BrokenConnections.BROKEN.contains(sql.getErrorCode())
                    || (sql.getSQLState() != null && sql.getSQLState().startsWith("08"))) {
                return "database connection broken";
            }
            if (sql.getErrorCode() == ErrorCode.STATEMENT_WAS_CANCELED) {
                return "statement timed out";
            }
            if (sql.getErrorCode() == ErrorCode.LOCK_TIMEOUT_1) {
                return "lock wait timed out";
            }
        }
        return null;
    }
}
