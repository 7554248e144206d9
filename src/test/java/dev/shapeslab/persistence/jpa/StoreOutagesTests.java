package dev.shapeslab.persistence.jpa;

import static org.testng.Assert.assertEquals;

import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.util.Optional;
import org.hibernate.exception.JDBCConnectionException;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/** Which failures are an unavailable database (503), by PostgreSQL's SQLStates and H2's codes. */
public class StoreOutagesTests {

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
}
