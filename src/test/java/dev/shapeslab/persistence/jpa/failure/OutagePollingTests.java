package dev.shapeslab.persistence.jpa.failure;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertSame;
import static org.testng.Assert.expectThrows;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.testng.annotations.Test;

/**
 * Opening a connection during an outage: the first attempt fails as the driver failed (the pool's timed-out
 * wait needs that cause), the next ones wait for the database instead of failing, anything but an outage
 * fails at once. A fake driver answers from a script: a refusal, a wrong password, or a connection.
 */
public class OutagePollingTests {

    private static final Duration POLL = Duration.ofMillis(1);
    private static final Duration LONG = Duration.ofMinutes(1);

    private final Connection connection = (Connection) Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[] {Connection.class}, (proxy, method, args) -> null);

    /** A driver that answers each attempt with the next outcome of its script: a connection, or a failure. */
    private static final class ScriptedDriver implements OutagePolling.Open {
        final Deque<Object> script;
        int attempts;

        ScriptedDriver(Object... outcomes) {
            script = new ArrayDeque<>(List.of(outcomes));
        }

        @Override
        public Connection open() throws SQLException {
            attempts++;
            Object next = script.isEmpty() ? refused() : script.poll();
            if (next instanceof SQLException failure) {
                throw failure;
            }
            return (Connection) next;
        }
    }

    private static SQLException refused() {
        return new SQLException("Connection to 127.0.0.1:55432 refused", "08001");
    }

    private static SQLException wrongPassword() {
        return new SQLException("password authentication failed for user \"shapes\"", "28P01");
    }

    @Test
    public void theFirstAttemptOfAnOutageFailsAsTheDriverDid() throws SQLException {
        OutagePolling polling = new OutagePolling(POLL, LONG, () -> true);
        SQLException refusal = refused();
        ScriptedDriver driver = new ScriptedDriver(refusal, connection);

        assertSame(expectThrows(SQLException.class, () -> polling.open(driver)), refusal);
        assertEquals(driver.attempts, 1);
    }

    @Test
    public void afterThatAnAttemptWaitsForTheDatabaseInsteadOfFailing() throws SQLException {
        OutagePolling polling = new OutagePolling(POLL, LONG, () -> true);
        ScriptedDriver driver = new ScriptedDriver(refused(), refused(), refused(), refused(), connection);
        expectThrows(SQLException.class, () -> polling.open(driver));

        assertSame(polling.open(driver), connection);
        assertEquals(driver.attempts, 5);
    }

    @Test
    public void onceTheDatabaseWasBackTheNextOutageFailsFirstAgain() throws SQLException {
        OutagePolling polling = new OutagePolling(POLL, LONG, () -> true);
        ScriptedDriver driver = new ScriptedDriver(refused(), connection, refused(), connection);
        expectThrows(SQLException.class, () -> polling.open(driver));
        polling.open(driver);

        expectThrows(SQLException.class, () -> polling.open(driver));
        assertEquals(driver.attempts, 3);
    }

    @Test
    public void aFailureThatIsNotAnOutageIsNotWaitedOut() {
        OutagePolling polling = new OutagePolling(POLL, LONG, () -> true);
        SQLException wrongPassword = wrongPassword();
        ScriptedDriver driver = new ScriptedDriver(refused(), refused(), wrongPassword, connection);
        expectThrows(SQLException.class, () -> polling.open(driver));

        assertSame(expectThrows(SQLException.class, () -> polling.open(driver)), wrongPassword);
        assertEquals(driver.attempts, 3);
    }

    @Test
    public void noPollingForAPoolThatIsClosed() {
        AtomicBoolean open = new AtomicBoolean(true);
        OutagePolling polling = new OutagePolling(POLL, LONG, open::get);
        ScriptedDriver driver = new ScriptedDriver(refused(), refused(), connection);
        expectThrows(SQLException.class, () -> polling.open(driver));
        open.set(false);

        expectThrows(SQLException.class, () -> polling.open(driver));
        assertEquals(driver.attempts, 2);
    }

    @Test
    public void noPollingPastTheLongestWait() {
        OutagePolling polling = new OutagePolling(POLL, Duration.ZERO, () -> true);
        ScriptedDriver driver = new ScriptedDriver(refused(), refused(), connection);
        expectThrows(SQLException.class, () -> polling.open(driver));

        expectThrows(SQLException.class, () -> polling.open(driver));
        assertEquals(driver.attempts, 2);
    }
}
