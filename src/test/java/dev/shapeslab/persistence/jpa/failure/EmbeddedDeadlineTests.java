package dev.shapeslab.persistence.jpa.failure;

import static org.awaitility.Awaitility.await;
import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.testng.annotations.Test;

/**
 * A deadline on the embedded database cancels the statement its call is running, and leaves the session usable
 * for the next statement, which may be another call's once the pool has handed the connection on.
 */
public class EmbeddedDeadlineTests {

    @Test
    public void aDeadlineThatFindsTheSessionIdleLeavesItsNextStatementAlone() throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:h2:mem:idle-deadline", "sa", "")) {
            ConnectionAborts.abort(connection);

            assertEquals(selectOne(connection), 1, "the next statement was cancelled");
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
            assertEquals(selectOne(connection), 1, "the cancel outlived the statement it was for");
        }
    }

    /** A statement that reads rows, as a store's do, and so checks for a cancel as it goes. */
    private static int selectOne(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery(
                "select count(*) from system_range(1, 1000) a, system_range(1, 1000) b where a.x = b.x and a.x = 1")) {
            rows.next();
            return rows.getInt(1);
        }
    }
}
