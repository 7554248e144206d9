package dev.shapeslab.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.testng.annotations.Test;

/**
 * A store call's life over a driver whose every step is a future the test completes, and whose timer fires when the
 * test says: what the call asks of the driver when its caller cancels, when its deadline passes, and when it fails.
 */
public class StoreCallTests {

    private static final Duration BOUND = Duration.ofSeconds(3);

    @Test
    public void aCallCancelledWhileWaitingLeavesThePoolsQueueAtOnce() {
        FakeDriver driver = new FakeDriver();
        CompletableFuture<String> answer = StoreCall.start(driver, BOUND, StoreCall.Mode.READ, c -> driver.statement);

        answer.cancel(false);

        assertThat(driver.acquiring.isCancelled()).isTrue();
        assertThat(driver.steps).isEmpty();
    }

    @Test
    public void aCallCancelledWhileHoldingAConnectionAbortsIt() {
        FakeDriver driver = new FakeDriver();
        CompletableFuture<String> answer = StoreCall.start(driver, BOUND, StoreCall.Mode.READ, c -> driver.statement);
        driver.acquiring.complete("connection");

        answer.cancel(false);

        assertThat(driver.steps).containsExactly("abort connection");
    }

    @Test
    public void aConnectionThatComesAfterTheDeadlineIsGivenBackUnused() {
        FakeDriver driver = new FakeDriver();
        CompletableFuture<String> answer = StoreCall.start(driver, BOUND, StoreCall.Mode.READ, c -> {
            driver.steps.add("sent");
            return driver.statement;
        });

        driver.timer.run();
        driver.acquiring.complete("connection");

        assertThat(answer).isCompletedExceptionally();
        assertThat(driver.translated).isInstanceOf(OutageKinds.NoConnectionInTime.class);
        assertThat(driver.steps).containsExactly("release connection");
    }

    @Test
    public void aTransactionThatFailsBeforeItsCommitIsRolledBackAndNotUnknown() {
        FakeDriver driver = new FakeDriver();
        CompletableFuture<String> answer = StoreCall.start(driver, BOUND, StoreCall.Mode.TRANSACTION, c -> driver.statement);
        driver.acquiring.complete("connection");

        driver.statement.completeExceptionally(new IllegalStateException("refused"));

        assertThat(driver.steps).containsExactly("begin connection", "rollback connection", "release connection");
        assertThat(driver.committing).isFalse();
        assertThat(answer).isCompletedExceptionally();
    }

    @Test
    public void aTransactionPastItsDeadlineWhileCommittingIsAbortedAndItsOutcomeUnknown() {
        FakeDriver driver = new FakeDriver();
        CompletableFuture<String> answer = StoreCall.start(driver, BOUND, StoreCall.Mode.TRANSACTION, c -> driver.statement);
        driver.acquiring.complete("connection");
        driver.statement.complete("stored");

        driver.timer.run();

        assertThat(driver.steps).containsExactly("begin connection", "commit connection", "abort connection");
        assertThat(driver.committing).isTrue();
        assertThat(driver.translated).isInstanceOf(OutageKinds.DeadlinePassed.class);
        assertThat(answer).isCompletedExceptionally();
    }

    /** Each step recorded; acquire, the statements and the commit complete when the test completes them. */
    private static final class FakeDriver implements StoreCall.Driver<String> {
        final List<String> steps = new ArrayList<>();
        final CompletableFuture<String> acquiring = new CompletableFuture<>();
        final CompletableFuture<String> statement = new CompletableFuture<>();
        final CompletableFuture<Void> commit = new CompletableFuture<>();
        Runnable timer;
        Throwable translated;
        boolean committing;

        @Override
        public CompletionStage<String> acquire(Duration within) {
            return acquiring;
        }

        @Override
        public <R> CompletionStage<R> transaction(String connection, Supplier<CompletionStage<R>> statements) {
            steps.add("begin " + connection);
            return statements.get();
        }

        @Override
        public CompletionStage<Void> commit(String connection) {
            steps.add("commit " + connection);
            return commit;
        }

        @Override
        public CompletionStage<Void> rollback(String connection) {
            steps.add("rollback " + connection);
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<Void> release(String connection) {
            steps.add("release " + connection);
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<Void> abort(String connection) {
            steps.add("abort " + connection);
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public Runnable schedule(Duration delay, Runnable task) {
            if (timer == null) {
                timer = task; // the call's deadline; the rollback's own bound never fires here
            }
            return () -> { };
        }

        @Override
        public Throwable translate(Throwable failure, boolean committing) {
            this.translated = failure;
            this.committing = committing;
            return failure;
        }
    }
}
