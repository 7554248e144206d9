package dev.shapeslab.persistence.jpa;

import dev.shapeslab.domain.StoreOutcomeUnknownException;
import dev.shapeslab.domain.StoreUnavailableException;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;
import org.aopalliance.intercept.MethodInterceptor;
import org.h2.api.ErrorCode;
import org.springframework.aop.framework.autoproxy.AbstractBeanFactoryAwareAdvisingPostProcessor;
import org.springframework.aop.support.ComposablePointcut;
import org.springframework.aop.support.DefaultPointcutAdvisor;
import org.springframework.aop.support.RootClassFilter;
import dev.shapeslab.persistence.Backends;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;
import org.springframework.transaction.TransactionTimedOutException;

/**
 * Turns a store call that failed because the database could not answer (down, unreachable, hung, or slower
 * than the bounds set on the pool, the socket and the transaction) into a {@link StoreUnavailableException},
 * which the web layer answers 503 with {@code Retry-After}. Any other failure passes unchanged: a bug stays
 * a 500.
 *
 * <p>Every call runs within the {@link StoreDeadline} ({@code shapes.database.request-timeout}): past it, its
 * connection is aborted and the call fails as "did not answer in time".
 *
 * <p>Once a call has found the database unreachable (connection refused or broken, or no answer in time),
 * the calls of the next {@code shapes.database.fail-fast} (250 ms) fail at once the same way instead of
 * each waiting for a connection that cannot come: with a queue of requests in front of a few threads
 * (the async variant's pool) those waits added up to seconds. The first calls after it try again.
 *
 * <p>The advice wraps the JPA stores outside their transaction, so a failed begin or commit is seen too.
 * Whatever the exception a caller sees, the transaction was rolled back or never began; the one case
 * that cannot be known is a commit whose answer was lost with the connection (docs/faults.md).
 */
@Component
@Profile(Backends.JDBC)
class StoreOutages extends AbstractBeanFactoryAwareAdvisingPostProcessor implements DisposableBean {

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

    private static final Set<String> UNREACHABLE = Set.of(BROKEN, NO_ANSWER, SHUTTING_DOWN);

    private final long failFastNanos;
    private final StoreDeadline deadline;
    private volatile Unreachable unreachable = new Unreachable(0, null);

    /** The database was found unreachable; calls fail fast until {@code until} (System.nanoTime()). */
    private record Unreachable(long until, StoreUnavailableException failure) {
    }

    @Autowired
    StoreOutages(@Value("${shapes.database.fail-fast:250ms}") Duration failFast,
                 @Value("${shapes.database.request-timeout:3s}") Duration requestTimeout,
                 @Value("${spring.datasource.hikari.connection-timeout:30000}") long connectionTimeoutMillis) {
        this(failFast, System::nanoTime, StoreDeadline.of(requestTimeout, Duration.ofMillis(connectionTimeoutMillis)));
    }

    StoreOutages(Duration failFast, LongSupplier nanoClock) {
        this(failFast, nanoClock, StoreDeadline.NONE);
    }

    StoreOutages(Duration failFast, LongSupplier nanoClock, StoreDeadline deadline) {
        this.failFastNanos = failFast.toNanos();
        this.deadline = deadline;
        MethodInterceptor translate = invocation -> {
            Unreachable known = unreachable;
            if (known.failure() != null && nanoClock.getAsLong() - known.until() < 0) {
                throw new StoreUnavailableException(known.failure().kind(), known.failure().getCause());
            }
            try {
                return deadline.bound(invocation);
            } catch (StoreOutcomeUnknownException unknown) {
                if (failFastNanos > 0) {
                    unreachable = new Unreachable(nanoClock.getAsLong() + failFastNanos,
                            new StoreUnavailableException(BROKEN, unknown.getCause()));
                }
                throw unknown;
            } catch (RuntimeException failure) {
                Optional<String> kind = kindOf(failure);
                if (kind.isEmpty()) {
                    throw failure;
                }
                StoreUnavailableException unavailable = new StoreUnavailableException(kind.get(), failure);
                if (UNREACHABLE.contains(kind.get()) && failFastNanos > 0) {
                    unreachable = new Unreachable(nanoClock.getAsLong() + failFastNanos, unavailable);
                }
                throw unavailable;
            }
        };
        this.advisor = new DefaultPointcutAdvisor(new ComposablePointcut(new RootClassFilter(JpaEntityStore.class)),
                translate);
        // Outside the transaction interceptor, which throws on begin and commit.
        setBeforeExistingAdvisors(true);
    }

    @Override
    public void destroy() {
        deadline.close();
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

    /** The advice, for tests. */
    MethodInterceptor advice() {
        return (MethodInterceptor) ((DefaultPointcutAdvisor) advisor).getAdvice();
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
