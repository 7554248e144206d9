package dev.shapeslab.persistence.jpa.failure;

import static org.awaitility.Awaitility.await;
import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import com.zaxxer.hikari.HikariDataSource;
import dev.shapeslab.persistence.DatabaseTimeBounds;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.springframework.mock.env.MockEnvironment;
import org.testng.annotations.Test;

/**
 * A deadline on the embedded database cancels the statement its call is running, and leaves the session usable
 * for the next statement, which may be another call's once the pool has handed the connection on (the
 * 503s "statement canceled" that an unrelated request got under load in a cold JVM).
 */
public class EmbeddedDeadlineTests {

    /**
     * H2 keeps a cancel that found the session idle for the session's next statement that reads rows: the
     * deadline drops it when its call gives the connection back, before the pool can hand it to another call.
     */
    @Test
    public void aCancelThatFoundTheSessionIdleIsDroppedWhenItsCallGivesTheConnectionBack() throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:h2:mem:idle-deadline", "sa", "")) {
            SessionLocal session = (SessionLocal) ((JdbcConnection) connection).getSession();
            StoreDeadline.Call call = new StoreDeadline.Call(System.nanoTime()); // expired by hand below
            call.attach(connection);

            call.expire(); // between two statements of the call
            assertTrue(session.getCancel() != 0, "H2 no longer keeps an idle cancel: release() can go");
            call.release(connection);

            assertEquals(session.getCancel(), 0L);
            assertEquals(countRows(connection), ROWS, "the next statement was cancelled");
            call.finish();
        }
    }

    /**
     * Through the pool: a deadline passes after its call's last statement, while the call still holds its
     * connection (which is all an abort does to an idle embedded session: it leaves a cancel); the call gives
     * the connection back, and the next call on it reads its rows.
     */
    @Test
    public void aCancelLeftOnAConnectionDoesNotReachItsNextBorrower() throws Exception {
        try (HikariDataSource pool = new HikariDataSource()) {
            pool.setJdbcUrl("jdbc:h2:mem:handover");
            pool.setUsername("sa");
            pool.setMaximumPoolSize(1);
            DeadlineDataSource.Installer.install(pool, DatabaseTimeBounds.defaults(), new MockEnvironment());

            try (Connection connection = pool.getConnection()) {
                countRows(connection, ROWS - 1); // not the next borrower's query, whose result H2 would reuse
                ConnectionAborts.abort(connection.unwrap(JdbcConnection.class));
            }

            try (Connection connection = pool.getConnection()) {
                assertEquals(countRows(connection), ROWS, "the cancel reached the connection's next borrower");
            }
        }
    }

    /** The same cancel, not dropped, ends the next statement that reads rows, whichever call runs it. */
    @Test
    public void anIdleCancelLeftInPlaceEndsTheNextStatementThatReadsRows() throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:h2:mem:idle-cancel", "sa", "")) {
            ConnectionAborts.abort(connection);

            SQLException cancelled = expectThrows(SQLException.class, () -> countRows(connection));
            assertEquals(cancelled.getSQLState(), "57014");
        }
    }

    @Test
    public void aDeadlineCancelsTheStatementItsSessionIsRunning() throws Exception {
        try (Connection connection = DriverManager.getConnection("jdbc:h2:mem:running-deadline", "sa", "")) {
            SessionLocal session = (SessionLocal) ((JdbcConnection) connection).getSession();
            CompletableFuture<Throwable> running = CompletableFuture.supplyAsync(() -> {
                try (Statement statement = connection.createStatement()) {
                    statement.executeQuery("select count(*) from system_range(1, 100000) a, system_range(1, 100000) b where a.x <> b.x").next();
                    return null;
                } catch (SQLException failure) {
                    return failure;
                }
            });
            await().atMost(Duration.ofSeconds(30)).until(() -> session.getCurrentCommand() != null);

            ConnectionAborts.abort(connection);

            Throwable failure = running.get();
            assertTrue(failure instanceof SQLException cancelled && "57014".equals(cancelled.getSQLState()),
                    "the running statement went on: " + failure);
            assertEquals(countRows(connection), ROWS, "the cancel outlived the statement it was for");
        }
    }

    private static final int ROWS = 1000;

    /** A statement that reads rows, as a store's lists do, and so looks for a cancel as it goes. */
    private static int countRows(Connection connection) throws SQLException {
        return countRows(connection, ROWS);
    }

    private static int countRows(Connection connection, int count) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery(
                "select count(*) from system_range(1, " + count + ") a, system_range(1, " + count + ") b where a.x = b.x")) {
            rows.next();
            return rows.getInt(1);
        }
    }
}
