package dev.shapeslab.execution.vertx;

import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.execution.BlockingPool;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.persistence.VertxEntityStore;
import dev.shapeslab.web.ProblemCatalogue;
import dev.shapeslab.web.ProblemException;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A blocking store (the JDBC backends, the stub) as a {@link VertxEntityStore}: each call on the {@link BlockingPool}.
 *
 * <p><b>Context:</b> called on a request's event loop; each store call runs on a {@code vertx-blocking-*} thread, one
 * transaction opened on the thread that does the JDBC work, and its result and failure are delivered back on the
 * calling event loop (the pool's threads are not Vert.x's: the result is handed to the caller's context). A backend's
 * simulated non-blocking latency (the stub's) is waited for first on a Vert.x timer, holding no thread.
 * <b>Errors:</b> store failures and a full pool fail the {@code Future}; nothing is thrown.
 * <b>Deadline</b> ({@code vertx.timeout}): a store call that has not started by then (it waited on the timer or in the
 * pool's queue, which it then leaves) is answered 503 with {@code Retry-After} and never runs, so it never writes after
 * its 503; one that has started is answered by its own result, which the store's deadline keeps short.
 *
 * @param <T> the entity type
 */
final class BlockingStore<T extends Identifiable<T>> implements VertxEntityStore<T> {

    private final EntityStore<T> store;
    private final BlockingPool pool;
    private final Vertx vertx;
    private final long latencyMillis;
    private final long timeoutMillis;

    BlockingStore(EntityStore<T> store, BlockingPool pool, Vertx vertx, Duration latency, Duration timeout) {
        this.store = store;
        this.pool = pool;
        this.vertx = vertx;
        this.latencyMillis = latency.toMillis();
        this.timeoutMillis = Math.max(1, timeout.toMillis());
    }

    @Override
    public String entityName() {
        return store.entityName();
    }

    @Override
    public Future<List<T>> findPage(int offset, int limit) {
        return call(() -> store.findPage(offset, limit));
    }

    @Override
    public Future<Optional<T>> findById(long id) {
        return call(() -> store.findById(id));
    }

    @Override
    public Future<T> insert(T entity) {
        return call(() -> store.insert(entity));
    }

    @Override
    public Future<Optional<T>> replace(long id, T entity) {
        return call(() -> store.replace(id, entity));
    }

    @Override
    public Future<Boolean> deleteById(long id) {
        return call(() -> store.deleteById(id));
    }

    @Override
    public Future<Void> deleteAll() {
        return call(() -> {
            store.deleteAll();
            return null;
        });
    }

    /** The store call, answered by its result once it starts, or by a 503 if its deadline comes first. */
    private <R> Future<R> call(Callable<R> storeCall) {
        Context caller = vertx.getOrCreateContext();
        Promise<R> answer = Promise.promise();
        AtomicBoolean decided = new AtomicBoolean(); // by the call starting or by its deadline, whichever is first
        // Set when the call is queued, read at the deadline: both on the caller's event loop.
        Runnable[] leaveQueue = {() -> { }};
        long deadline = vertx.setTimer(timeoutMillis, id -> {
            if (decided.compareAndSet(false, true)) {
                leaveQueue[0].run();
                answer.tryFail(ProblemCatalogue.NOT_STARTED_IN_TIME.exception());
            }
        });
        Runnable start = () -> {
            if (decided.get()) {
                return; // its deadline came while it waited on the timer
            }
            try {
                leaveQueue[0] = pool.submit(() -> {
                    if (decided.compareAndSet(false, true)) {
                        Future<R> outcome = outcome(storeCall);
                        caller.runOnContext(done -> {
                            vertx.cancelTimer(deadline);
                            answer.handle(outcome);
                        });
                    }
                });
            } catch (ProblemException full) {
                vertx.cancelTimer(deadline);
                decided.set(true);
                answer.tryFail(full);
            }
        };
        if (latencyMillis > 0) {
            vertx.setTimer(latencyMillis, id -> start.run());
        } else {
            start.run();
        }
        return answer.future();
    }

    /** What the store call returned or threw, as a completed {@code Future}. */
    private static <R> Future<R> outcome(Callable<R> storeCall) {
        try {
            return Future.succeededFuture(storeCall.call());
        } catch (Throwable failure) {
            return Future.failedFuture(failure);
        }
    }
}
