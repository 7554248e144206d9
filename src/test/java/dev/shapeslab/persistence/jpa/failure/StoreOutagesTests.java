package dev.shapeslab.persistence.jpa.failure;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.assertSame;
import static org.testng.Assert.expectThrows;

import dev.shapeslab.domain.StoreOutcomeUnknownException;
import dev.shapeslab.domain.StoreUnavailableException;
import dev.shapeslab.persistence.OutageBreaker;
import dev.shapeslab.persistence.OutageKinds;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.h2.jdbc.JdbcSQLNonTransientConnectionException;
import org.hibernate.exception.JDBCConnectionException;
import org.springframework.aop.framework.ProxyFactory;
import org.testng.annotations.BeforeMethod;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/**
 * Which failures are an unavailable database (503), by PostgreSQL's SQLStates and H2's codes, and failing
 * fast for a moment once the database was found unreachable.
 */
public class StoreOutagesTests {

    private final AtomicLong now = new AtomicLong(1_000_000);
    private final AtomicInteger calls = new AtomicInteger();

    @BeforeMethod
    public void noCallsYet() {
        calls.set(0);
    }

    /**
     * A store call through the chain's steps (no deadline) that fails with what {@code failure} supplies (or
     * succeeds: null).
     */
    @SuppressWarnings("unchecked")
    private Callable<String> store(OutageBreaker breaker, Supplier<RuntimeException> failure) {
        ProxyFactory factory = new ProxyFactory((Callable<String>) () -> {
            calls.incrementAndGet();
            RuntimeException thrown = failure.get();
            if (thrown != null) {
                throw thrown;
            }
            return "stored";
        });
        factory.addAdvice(StoreCallChain.steps(breaker, StoreDeadline.NONE));
        return (Callable<String>) factory.getProxy();
    }

    private static RuntimeException wrapped(SQLException cause) {
        return new IllegalStateException("Hibernate or Spring around it", cause);
    }

    @Test
    public void aBrokenConnectionIsAnOutageAndTheNextCallsFailFastUntilTheWindowEnds() throws Exception {
        OutageBreaker breaker = new OutageBreaker(Duration.ofMillis(250), now::get);
        AtomicInteger failures = new AtomicInteger(1);
        Callable<String> store = store(breaker, () -> failures.getAndDecrement() > 0 ? wrapped(
                new JdbcSQLNonTransientConnectionException("Connection is broken", null, "90067", 90067, null, null))
                : null);

        assertEquals(expectThrows(StoreUnavailableException.class, store::call).kind(), OutageKinds.BROKEN);
        now.addAndGet(Duration.ofMillis(249).toNanos());
        assertEquals(expectThrows(StoreUnavailableException.class, store::call).kind(), OutageKinds.BROKEN);
        assertEquals(calls.get(), 1, "a call inside the window must not reach the database");

        now.addAndGet(Duration.ofMillis(2).toNanos());
        assertEquals(store.call(), "stored");
        assertEquals(calls.get(), 2);
    }

    /** After the window every call tries the database, not one probe while the others are turned away. */
    @Test
    public void afterTheWindowACallTriesWhileAnotherIsStillTrying() throws Throwable {
        OutageBreaker breaker = new OutageBreaker(Duration.ofMillis(250), now::get);
        expectThrows(StoreUnavailableException.class, () -> breaker.guard(() -> {
            throw new StoreUnavailableException(OutageKinds.BROKEN, new SQLException("broken", "08006"));
        }));
        assertEquals(breaker.state(), CircuitBreaker.State.OPEN);

        now.addAndGet(Duration.ofMillis(251).toNanos());
        assertEquals(breaker.guard(() -> breaker.guard(() -> "the second call, while the first is under way")),
                "the second call, while the first is under way");
        assertEquals(breaker.state(), CircuitBreaker.State.CLOSED);
    }

    @Test
    public void anOutageAfterTheWindowStartsAnotherAtOnce() {
        OutageBreaker breaker = new OutageBreaker(Duration.ofMillis(250), now::get);
        Callable<String> store = store(breaker, () -> wrapped(
                new JdbcSQLNonTransientConnectionException("Connection is broken", null, "90067", 90067, null, null)));
        expectThrows(StoreUnavailableException.class, store::call);
        now.addAndGet(Duration.ofMillis(251).toNanos());
        expectThrows(StoreUnavailableException.class, store::call);
        assertEquals(calls.get(), 2);

        now.addAndGet(Duration.ofMillis(1).toNanos());
        assertEquals(expectThrows(StoreUnavailableException.class, store::call).kind(), OutageKinds.BROKEN);
        assertEquals(calls.get(), 2, "a call inside the second window reached the database");
    }

    @Test
    public void aCommitCutOffIsAnOutageToo() {
        OutageBreaker breaker = new OutageBreaker(Duration.ofMillis(250), now::get);
        StoreOutcomeUnknownException unknown = new StoreOutcomeUnknownException(new SQLException("broken", "08006"));
        Callable<String> store = store(breaker, () -> unknown);
        assertSame(expectThrows(StoreOutcomeUnknownException.class, store::call), unknown);
        assertEquals(expectThrows(StoreUnavailableException.class, store::call).kind(), OutageKinds.BROKEN);
        assertEquals(calls.get(), 1);
    }

    @Test
    public void aPoolThatIsMerelyBusyIsAnOutageButNoReasonToFailFast() throws Exception {
        OutageBreaker breaker = new OutageBreaker(Duration.ofMillis(250), now::get);
        AtomicInteger failures = new AtomicInteger(1);
        Callable<String> store = store(breaker, () -> failures.getAndDecrement() > 0
                ? wrapped(new SQLTransientConnectionException("request timed out after 500ms")) : null);

        assertEquals(expectThrows(StoreUnavailableException.class, store::call).kind(),
                "no database connection within the wait");
        assertEquals(store.call(), "stored");
    }

    @Test
    public void aConnectionHikariClosedAsBrokenIsAnOutage() {
        OutageBreaker breaker = new OutageBreaker(Duration.ZERO, now::get);
        Callable<String> store = store(breaker, () -> wrapped(new SQLException("Connection is closed")));

        assertEquals(expectThrows(StoreUnavailableException.class, store::call).kind(), OutageKinds.BROKEN);
    }

    @Test
    public void anyOtherFailurePassesUnchanged() {
        OutageBreaker breaker = new OutageBreaker(Duration.ofMillis(250), now::get);
        IllegalArgumentException bug = new IllegalArgumentException("a bug");
        Callable<String> store = store(breaker, () -> bug);

        assertSame(expectThrows(IllegalArgumentException.class, store::call), bug);
    }

    @DataProvider
    public Object[][] outages() {
        return new Object[][] {
                {new SQLException("I/O error", "08006"), "database connection broken"},
                {new SQLException("connection refused", "08001"), "database connection broken"},
                {new SQLException("terminating connection due to administrator command", "57P01"),
                        "database shutting down or starting up"},
                {new SQLException("terminating connection because of crash of another server process", "57P02"),
                        "database shutting down or starting up"},
                {new SQLException("the database system is starting up", "57P03"),
                        "database shutting down or starting up"},
                {new SQLException("canceling statement due to user request", "57014"), "statement timed out"},
                {new SQLException("canceling statement due to lock timeout", "55P03"), "lock wait timed out"},
                // PostgreSQL's socket timeout: an 08006 caused by the timeout; the most specific cause wins
                {new SQLException("I/O error", "08006", new SocketTimeoutException("Read timed out")),
                        "database did not answer in time"},
        };
    }

    @Test(dataProvider = "outages")
    public void anUnavailableDatabaseIsNamedBySqlState(SQLException failure, String kind) {
        assertEquals(StoreOutages.kindOf(new JDBCConnectionException("wrapped", failure)), Optional.of(kind));
    }

    @Test
    public void otherFailuresStayWhatTheyAre() {
        assertEquals(StoreOutages.kindOf(new RuntimeException(new SQLException("duplicate key", "23505"))),
                Optional.empty());
        // H2's vendor codes count only on H2's exceptions: 57014 is H2's "statement was canceled" code, not
        // PostgreSQL's (whose codes are 0 and whose SQLStates say everything)
        assertEquals(StoreOutages.kindOf(new SQLException("something else", "XX000", 57014)), Optional.empty());
        assertEquals(StoreOutages.kindOf(new SQLException("something else", "XX000", 90067)), Optional.empty());
    }

    @Test
    public void aCommitMayHaveLandedOnlyIfTheDatabaseWentAwayWhileItWasUnderWay() {
        assertTrue(StoreOutages.commitMayHaveLanded(wrapped(new SQLException("I/O error", "08006",
                new SocketTimeoutException("Read timed out")))));
        assertTrue(StoreOutages.commitMayHaveLanded(wrapped(
                new JdbcSQLNonTransientConnectionException("Connection is broken", null, "90067", 90067, null, null))));
        assertFalse(StoreOutages.commitMayHaveLanded(wrapped(new SQLException("Connection is closed"))),
                "the pool had closed the connection: nothing was sent");
        assertFalse(StoreOutages.commitMayHaveLanded(wrapped(new SQLTransientConnectionException("timed out"))));
        assertFalse(StoreOutages.commitMayHaveLanded(new IllegalStateException("a bug")));
    }
}
