package dev.shapeslab.persistence.jpa.failure;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertSame;
import static org.testng.Assert.expectThrows;

import dev.shapeslab.domain.StoreOutcomeUnknownException;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.time.Duration;
import org.testng.annotations.Test;

/**
 * How a PostgreSQL store's write statement in auto-commit ({@link JpaTransactions#autoCommitted}) reports its failure
 * once it is under way: a lost answer may have been committed (500, outcome unknown); an answer, even an error, says it
 * was not (the failure passes on to the outage translation, or stays a bug).
 */
public class AutoCommittedTests {

    @Test
    public void aBrokenConnectionOrNoAnswerMayHaveCommitted() {
        for (SQLException lost : new SQLException[] {new SQLException("An I/O error occurred", "08006"),
                new SQLException("read timed out", "08006", new SocketTimeoutException())}) {
            StoreOutcomeUnknownException unknown = expectThrows(StoreOutcomeUnknownException.class,
                    () -> JpaTransactions.autoCommitted(() -> {
                        throw lost;
                    }));
            assertSame(unknown.getCause(), lost);
        }
    }

    @Test
    public void anAnswerSaysItDidNotCommit() {
        for (SQLException answered : new SQLException[] {new SQLException("terminating connection", "57P01"),
                new SQLException("canceling statement due to user request", "57014"),
                new SQLException("duplicate key", "23505"),
                new SQLException("Connection is closed")}) {
            assertSame(expectThrows(SQLException.class, () -> JpaTransactions.autoCommitted(() -> {
                throw answered;
            })), answered);
        }
    }

    /** The deadline aborts the call's connection, and whatever the driver then reports, the answer was lost. */
    @Test
    public void anyFailureAfterTheDeadlineMayHaveCommitted() throws Throwable {
        try (StoreDeadline deadline = new StoreDeadline(Duration.ofMillis(50))) {
            StoreOutcomeUnknownException unknown = expectThrows(StoreOutcomeUnknownException.class,
                    () -> deadline.bound(() -> JpaTransactions.autoCommitted(() -> {
                        long giveUp = System.nanoTime() + Duration.ofSeconds(10).toNanos();
                        while (!StoreDeadline.passed() && System.nanoTime() < giveUp) {
                            Thread.onSpinWait(); // the statement, under way until the deadline aborts it
                        }
                        throw new SQLException("some failure of the aborted connection");
                    })));
            assertEquals(unknown.getCause().getMessage(), "some failure of the aborted connection");
        }
    }

    @Test
    public void anAnsweredStatementIsItsAnswer() throws SQLException {
        assertEquals(JpaTransactions.autoCommitted(() -> 42).intValue(), 42);
    }
}
