package dev.shapeslab.persistence.jpa;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertSame;
import static org.testng.Assert.expectThrows;

import dev.shapeslab.domain.StoreUnavailableException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.h2.jdbc.JdbcSQLNonTransientConnectionException;
import org.springframework.aop.framework.ProxyFactory;
import org.testng.annotations.Test;

/** Which failures are outages (503), and failing fast for a moment once the database was found unreachable. */
public class StoreOutagesTests {

    private final AtomicLong now = new AtomicLong(1_000_000);
    private final AtomicInteger calls = new AtomicInteger();

    /** A store call through the advice that fails with what {@code failure} supplies (or succeeds: null). */
    @SuppressWarnings("unchecked")
    private Callable<String> store(StoreOutages outages, Supplier<RuntimeException> failure) {
        ProxyFactory factory = new ProxyFactory((Callable<String>) () -> {
            calls.incrementAndGet();
            RuntimeException thrown = failure.get();
            if (thrown != null) {
                throw thrown;
            }
            return "stored";
        });
        factory.addAdvice(outages.advice());
        return (Callable<String>) factory.getProxy();
    }

    private static RuntimeException wrapped(SQLException cause) {
        return new IllegalStateException("Hibernate or Spring around it", cause);
    }

    @Test
    public void aBrokenConnectionIsAnOutageAndTheNextCallsFailFastUntilTheWindowEnds() throws Exception {
        StoreOutages outages = new StoreOutages(Duration.ofMillis(250), now::get);
        AtomicInteger failures = new AtomicInteger(1);
        Callable<String> store = store(outages, () -> failures.getAndDecrement() > 0 ? wrapped(
                new JdbcSQLNonTransientConnectionException("Connection is broken", null, "90067", 90067, null, null))
                : null);

        assertEquals(expectThrows(StoreUnavailableException.class, store::call).kind(), StoreOutages.BROKEN);
        now.addAndGet(Duration.ofMillis(249).toNanos());
        assertEquals(expectThrows(StoreUnavailableException.class, store::call).kind(), StoreOutages.BROKEN);
        assertEquals(calls.get(), 1, "a call inside the window must not reach the database");

        now.addAndGet(Duration.ofMillis(2).toNanos());
        assertEquals(store.call(), "stored");
        assertEquals(calls.get(), 2);
    }

    @Test
    public void aPoolThatIsMerelyBusyIsAnOutageButNoReasonToFailFast() throws Exception {
        StoreOutages outages = new StoreOutages(Duration.ofMillis(250), now::get);
        AtomicInteger failures = new AtomicInteger(1);
        Callable<String> store = store(outages, () -> failures.getAndDecrement() > 0
                ? wrapped(new SQLTransientConnectionException("request timed out after 500ms")) : null);

        assertEquals(expectThrows(StoreUnavailableException.class, store::call).kind(),
                "no database connection within the wait");
        assertEquals(store.call(), "stored");
    }

    @Test
    public void aConnectionHikariClosedAsBrokenIsAnOutage() {
        StoreOutages outages = new StoreOutages(Duration.ZERO, now::get);
        Callable<String> store = store(outages, () -> wrapped(new SQLException("Connection is closed")));

        assertEquals(expectThrows(StoreUnavailableException.class, store::call).kind(), StoreOutages.BROKEN);
    }

    @Test
    public void anyOtherFailurePassesUnchanged() {
        StoreOutages outages = new StoreOutages(Duration.ofMillis(250), now::get);
        IllegalArgumentException bug = new IllegalArgumentException("a bug");
        Callable<String> store = store(outages, () -> bug);

        assertSame(expectThrows(IllegalArgumentException.class, store::call), bug);
    }
}
