package dev.shapeslab.execution.vertx;

import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.execution.BlockingPool;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.persistence.nonblocking.VertxEntityStore;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * A blocking store as a {@link VertxEntityStore}: each call on a {@code vertx-blocking-*} thread of the
 * {@link BlockingPool}, its outcome handed back to the caller's event loop. <b>Deadline</b> ({@code vertx.timeout}):
 * {@link dev.shapeslab.execution.AnswerTimeout}'s.
 */
final class BlockingStore<T extends Identifiable<T>> implements VertxEntityStore<T> {

    private final EntityStore<T> store;
    private final BlockingPool pool;
    private final Vertx vertx;
    private final Duration latency;
    private final Duration timeout;

    BlockingStore(EntityStore<T> store, BlockingPool pool, Vertx vertx, Duration latency, Duration timeout) {
        this.store = store;
        this.pool = pool;
        this.vertx = vertx;
        this.latency = Duration.ofMillis(latency.toMillis()); // Vert.x's timers count in milliseconds
        this.timeout = timeout;
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
        pool.submitBefore(timeout, latency, this::onVertxTimer, storeCall, (result, failure) -> {
            Runnable settle = () -> answer.handle(failure == null ? Future.succeededFuture(result)
                    : Future.failedFuture(failure));
            if (Vertx.currentContext() == caller) {
                settle.run();
            } else {
                caller.runOnContext(done -> settle.run());
            }
        });
        return answer.future();
    }

    private Runnable onVertxTimer(Duration delay, Runnable task) {
        long timer = vertx.setTimer(Math.max(1, delay.toMillis()), fired -> task.run());
        return () -> vertx.cancelTimer(timer);
    }
}
