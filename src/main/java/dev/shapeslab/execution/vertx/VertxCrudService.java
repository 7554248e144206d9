package dev.shapeslab.execution.vertx;

import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.domain.NoSuchEntityException;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.web.ProblemException;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * CRUD over a blocking store (the JDBC backends, the stub), as Vert.x {@code Future}s, each store call on
 * {@link BlockingWork}.
 *
 * <p><b>Context:</b> called on a request's event loop. The domain rules run there, so a refused body never takes a
 * place in the worker pool; each store call runs on a {@value BlockingWork#POOL_NAME}-* worker, one transaction
 * opened on the thread that does the JDBC work; every result and failure is delivered back on the calling event loop.
 * A backend's simulated non-blocking latency (the stub's) is waited for first on a Vert.x timer, holding no thread.
 * <b>Errors:</b> rule violations, a missing entity for update and delete, store failures and a full pool fail the
 * {@code Future}; nothing is thrown. <b>Deadline</b> ({@code vertx.timeout}): a store call that has not started by then
 * (it waited on the timer or in the pool's queue) is answered 503 with {@code Retry-After} and never runs, so it never
 * writes after its 503; one that has started is answered by its own result, which the store's deadline keeps short.
 *
 * @param <T> the entity type
 */
final class VertxCrudService<T extends Identifiable<T>> {

    private final EntityStore<T> store;
    private final EntityRules rules;
    private final BlockingWork work;
    private final Vertx vertx;
    private final long latencyMillis;
    private final long timeoutMillis;

    VertxCrudService(EntityStore<T> store, EntityRules rules, BlockingWork work, Vertx vertx, Duration latency,
                     Duration timeout) {
        this.store = store;
        this.rules = rules;
        this.work = work;
        this.vertx = vertx;
        this.latencyMillis = latency.toMillis();
        this.timeoutMillis = Math.max(1, timeout.toMillis());
    }

    Future<List<T>> list(int offset, int limit) {
        return call(() -> store.findPage(offset, limit));
    }

    Future<T> find(long id) {
        return call(() -> store.findById(id).orElseThrow(() -> notFound(id)));
    }

    Future<T> create(T entity) {
        T admitted;
        try {
            admitted = rules.admitForCreation(entity);
        } catch (RuntimeException refused) {
            return Future.failedFuture(refused);
        }
        return call(() -> store.insert(admitted));
    }

    Future<T> update(long id, T entity) {
        T admitted;
        try {
            admitted = rules.admitForUpdate(id, entity);
        } catch (RuntimeException refused) {
            return Future.failedFuture(refused);
        }
        return call(() -> store.replace(id, admitted).orElseThrow(() -> notFound(id)));
    }

    Future<Void> delete(long id) {
        return call(() -> {
            if (!store.deleteById(id)) {
                throw notFound(id);
            }
            return null;
        });
    }

    Future<Void> deleteAll() {
        return call(() -> {
            store.deleteAll();
            return null;
        });
    }

    private NoSuchEntityException notFound(long id) {
        return new NoSuchEntityException(store.entityName(), id);
    }

    /** The store call, answered by its result once it starts, or by a 503 if its deadline comes first. */
    private <R> Future<R> call(Callable<R> storeCall) {
        Promise<R> answer = Promise.promise();
        AtomicBoolean decided = new AtomicBoolean(); // by the call starting or by its deadline, whichever is first
        long deadline = vertx.setTimer(timeoutMillis, id -> {
            if (decided.compareAndSet(false, true)) {
                answer.tryFail(ProblemException.unavailable("The service could not start this request in time; "
                        + "retry shortly"));
            }
        });
        Runnable start = () -> work.run(() -> decided.compareAndSet(false, true), storeCall).onComplete(result -> {
            vertx.cancelTimer(deadline);
            if (result.succeeded()) {
                answer.tryComplete(result.result());
            } else {
                decided.set(true);
                answer.tryFail(result.cause());
            }
        });
        if (latencyMillis > 0) {
            vertx.setTimer(latencyMillis, id -> start.run());
        } else {
            start.run();
        }
        return answer.future();
    }
}
