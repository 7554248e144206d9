package dev.shapeslab.execution.webflux;

import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.domain.NoSuchEntityException;
import dev.shapeslab.execution.BlockingPool;
import dev.shapeslab.persistence.EntityStore;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * CRUD over a blocking store, each store call on a {@code webflux-blocking-*} thread of the {@link BlockingPool}. The
 * domain rules run on the event loop first, so a refused body takes no place in the pool. <b>Deadline</b>
 * ({@code webflux.timeout}): {@link dev.shapeslab.execution.AnswerTimeout}'s.
 */
class WebFluxCrudService<T extends Identifiable<T>> implements WebFluxCrud<T> {

    private final EntityStore<T> store;
    private final EntityRules rules;
    private final BlockingPool pool;
    private final Duration latency;
    private final Duration timeout;

    WebFluxCrudService(EntityStore<T> store, EntityRules rules, BlockingPool pool, Duration latency,
                       Duration timeout) {
        this.store = store;
        this.rules = rules;
        this.pool = pool;
        this.latency = latency;
        this.timeout = timeout;
    }

    @Override
    public Mono<List<T>> list(int offset, int limit) {
        return call(() -> store.findPage(offset, limit));
    }

    @Override
    public Mono<T> find(long id) {
        return call(() -> store.findById(id).orElse(null));
    }

    @Override
    public Mono<T> create(T entity) {
        return Mono.fromCallable(() -> rules.admitForCreation(entity)).flatMap(admitted -> call(() -> store.insert(admitted)));
    }

    @Override
    public Mono<T> update(long id, T entity) {
        return Mono.fromCallable(() -> rules.admitForUpdate(id, entity))
                .flatMap(admitted -> call(() -> store.replace(id, admitted).orElseThrow(() -> notFound(id))));
    }

    @Override
    public Mono<Void> delete(long id) {
        return call(() -> store.deleteById(id)).flatMap(deleted -> deleted ? Mono.<Void>empty() : Mono.error(notFound(id)));
    }

    @Override
    public Mono<Void> deleteAll() {
        return call(() -> {
            store.deleteAll();
            return Boolean.TRUE;
        }).then();
    }

    @Override
    public NoSuchEntityException notFound(long id) {
        return new NoSuchEntityException(store.entityName(), id);
    }

    /** The store call, answered by its result once it starts, or by a 503 if its deadline comes first. */
    private <R> Mono<R> call(Callable<R> work) {
        return Mono.create(sink -> sink.onCancel(pool.submitBefore(timeout, latency, ON_REACTOR_TIMER, work,
                (result, failure) -> {
                    if (failure != null) {
                        sink.error(failure);
                    } else {
                        sink.success(result); // a null one completes empty
                    }
                })::run));
    }

    /** Reactor's timer, on which {@code Mono.delay} waits. */
    private static final BlockingPool.Timer ON_REACTOR_TIMER = (delay, task) ->
            Schedulers.parallel().schedule(task, delay.toNanos(), TimeUnit.NANOSECONDS)::dispose;
}
