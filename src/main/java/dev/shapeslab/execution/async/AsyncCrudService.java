package dev.shapeslab.execution.async;

import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.domain.NoSuchEntityException;
import dev.shapeslab.execution.BlockingPool;
import dev.shapeslab.execution.StoreCrud;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.persistence.SimulatedLatency;
import io.reactivex.Completable;
import io.reactivex.Maybe;
import io.reactivex.Scheduler;
import io.reactivex.Single;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * {@link AsyncCrud} over a blocking store, each store call on the {@link BlockingPool}. <b>Scheduler:</b> the rules
 * and the store call run on an {@code async-blocking-*} thread, which signals the result (a simulated latency is
 * waited for first on the latency timer). <b>Dispose:</b> a call not started leaves the queue.
 */
public class AsyncCrudService<T extends Identifiable<T>> implements AsyncCrud<T> {

    private final StoreCrud<T> crud;
    private final BlockingPool pool;
    private final Duration latency;
    private final Scheduler latencyTimer;

    public AsyncCrudService(EntityStore<T> store, EntityRules rules, BlockingPool pool,
                               Optional<SimulatedLatency> latency, LatencyTimer latencyTimer) {
        this.crud = new StoreCrud<>(store, rules);
        this.pool = pool;
        this.latency = latency.map(SimulatedLatency::handOverToTimer).orElse(Duration.ZERO);
        this.latencyTimer = latencyTimer.scheduler();
    }

    public Single<List<T>> list(WorkGate gate, int offset, int limit) {
        return onPool(gate, () -> crud.list(offset, limit));
    }

    public Maybe<T> find(WorkGate gate, long id) {
        return onPool(gate, () -> crud.findIfAny(id)).flatMapMaybe(found -> found.map(Maybe::just).orElseGet(Maybe::empty));
    }

    public Single<T> create(WorkGate gate, T entity) {
        return onPool(gate, () -> crud.create(entity));
    }

    public Single<T> update(WorkGate gate, long id, T entity) {
        return onPool(gate, () -> crud.update(id, entity));
    }

    public Completable delete(WorkGate gate, long id) {
        return runOnPool(gate, () -> crud.delete(id));
    }

    public Completable deleteAll(WorkGate gate) {
        return runOnPool(gate, crud::deleteAll);
    }

    public NoSuchEntityException notFound(long id) {
        return crud.notFound(id);
    }

    private Completable runOnPool(WorkGate gate, Runnable work) {
        return onPool(gate, () -> {
            work.run();
            return true;
        }).ignoreElement();
    }

    private <R> Single<R> onPool(WorkGate gate, Callable<R> work) {
        // A full pool's 503, thrown by submit, reaches onError: create signals what its body throws.
        Single<R> call = Single.create(emitter -> {
            PoolWaitEvent wait = new PoolWaitEvent();
            wait.begin();
            Runnable cancel = pool.submit(() -> {
                wait.commit();
                if (!gate.enter()) {
                    return;
                }
                try {
                    emitter.onSuccess(work.call());
                } catch (Throwable failure) {
                    emitter.tryOnError(failure);
                }
            });
            emitter.setCancellable(cancel::run);
        });
        return latency.isZero() ? call : call.delaySubscription(latency.toNanos(), TimeUnit.NANOSECONDS, latencyTimer);
    }
}
