package dev.shapeslab.persistence;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One store call of a non-blocking driver, its life written once over what each driver does ({@link Driver}). One
 * deadline on the whole call: a call still waiting fails ({@link OutageKinds.NoConnectionInTime}), one holding a
 * connection has it aborted. It ends once, by its result, failure, deadline or cancel; after a failure its transaction
 * is rolled back within the bound, else aborted. <b>Threads:</b> none of its own.
 */
public final class StoreCall<C, R> {

    /**
     * From when a lost answer leaves the outcome unknown: never ({@code READ}); once sent ({@code STATEMENT}, one write
     * in auto-commit); from its COMMIT ({@code TRANSACTION}).
     */
    public enum Mode { READ, STATEMENT, TRANSACTION }

    /** What a driver does for a call. Nothing blocks; each stage completes on the driver's threads. */
    public interface Driver<C> {

        /** A connection from the pool, waiting for one at most {@code within}. */
        CompletionStage<C> acquire(Duration within);
        /** Begins a transaction and runs {@code statements} in it (after the BEGIN has answered, or behind it). */
        <R> CompletionStage<R> transaction(C connection, Supplier<CompletionStage<R>> statements);
        CompletionStage<Void> commit(C connection);
        /** Rolls back the connection's open transaction, if it has one. */
        CompletionStage<Void> rollback(C connection);
        /** Gives the connection back to the pool, without a round trip. */
        CompletionStage<Void> release(C connection);
        /** Cuts the connection off (nothing more of it runs on the database, it serves no other call) and gives it back. */
        CompletionStage<Void> abort(C connection);
        /** Runs {@code task} after {@code delay} on the driver's timer; the Runnable returned cancels it. */
        Runnable schedule(Duration delay, Runnable task);
        /** What the caller sees of {@code failure}: {@link OutageKinds#translate} with the driver's {@link StoreErrors}. */
        Throwable translate(Throwable failure, boolean committing);
    }

    private final Driver<C> driver;
    private final Duration bound;
    private final Mode mode;
    private final long deadline;
    private final CompletableFuture<R> answer = new CompletableFuture<>();
    private volatile Runnable timer = () -> { };
    private volatile boolean committing;
    private C connection;
    private boolean ended;

    private StoreCall(Driver<C> driver, Duration bound, Mode mode) {
        this.driver = driver;
        this.bound = bound;
        this.mode = mode;
        this.deadline = System.nanoTime() + bound.toNanos();
    }

    /** Starts a call of {@code work}. <b>Errors:</b> as {@link Driver#translate} names them. */
    public static <C, R> CompletableFuture<R> start(Driver<C> driver, Duration bound, Mode mode,
                                                    Function<C, CompletionStage<R>> work) {
        StoreCall<C, R> call = new StoreCall<>(driver, bound, mode);
        call.timer = driver.schedule(bound, () -> call.fail(null));
        CompletableFuture<C> acquiring = driver.acquire(bound).toCompletableFuture();
        call.answer.whenComplete((result, failure) -> {
            if (call.answer.isCancelled() && call.end()) {
                C held = call.held();
                if (held != null) {
                    driver.abort(held);
                } else {
                    acquiring.cancel(false); // leaves the pool's queue now, not at its deadline
                }
            }
        });
        acquiring.whenComplete((connection, failure) -> {
            if (failure != null) {
                call.fail(failure);
            } else if (!call.hold(connection)) {
                driver.release(connection); // the call ended while it waited: nothing was sent
            } else {
                call.run(connection, work).whenComplete((result, failed) -> {
                    if (failed != null) {
                        call.fail(failed);
                    } else if (call.end()) {
                        settled(driver.release(connection)).thenRun(() -> call.answer.complete(result));
                    }
                });
            }
        });
        return call.answer;
    }

    private CompletionStage<R> run(C held, Function<C, CompletionStage<R>> work) {
        try {
            if (mode != Mode.TRANSACTION) {
                committing = mode == Mode.STATEMENT; // sent from here on, and committed by the database before it answers
                return work.apply(held);
            }
            return driver.transaction(held, () -> work.apply(held)).thenCompose(result -> {
                committing = true;
                return driver.commit(held).thenApply(committed -> result);
            });
        } catch (RuntimeException failed) {
            return CompletableFuture.failedFuture(failed);
        }
    }

    /** Ends the call with {@code failure}, or at its deadline ({@code null}). */
    private void fail(Throwable failure) {
        if (!end()) {
            return;
        }
        C held = connection;
        Throwable cause = failure == null ? held == null ? new OutageKinds.NoConnectionInTime(bound)
                : new OutageKinds.DeadlinePassed(bound, null)
                : failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        Throwable seen = driver.translate(cause, committing);
        CompletionStage<Void> settling = held == null ? CompletableFuture.completedFuture(null)
                : failure == null ? driver.abort(held)
                : mode == Mode.TRANSACTION && !committing ? rollBack(held) : driver.release(held);
        settled(settling).thenRun(() -> answer.completeExceptionally(seen));
    }

    /** Rolls back within what is left of the bound and gives the connection back; else aborts it. */
    private CompletionStage<Void> rollBack(C held) {
        CompletableFuture<Boolean> rolledBack = new CompletableFuture<>();
        Runnable late = driver.schedule(Duration.ofNanos(Math.max(1_000_000, deadline - System.nanoTime())),
                () -> rolledBack.complete(false));
        driver.rollback(held).whenComplete((done, failed) -> {
            late.run();
            rolledBack.complete(failed == null);
        });
        return rolledBack.thenCompose(done -> done ? driver.release(held) : driver.abort(held));
    }

    private static CompletionStage<Void> settled(CompletionStage<Void> ending) {
        return ending.handle((done, failed) -> null);
    }

    private synchronized C held() {
        return connection;
    }

    private synchronized boolean hold(C acquired) {
        connection = ended ? null : acquired;
        return !ended;
    }

    /** Whether this is the call's one end; cancels its timer. */
    private boolean end() {
        synchronized (this) {
            if (ended) {
                return false;
            }
            ended = true;
        }
        timer.run();
        return true;
    }
}
