package dev.shapeslab.execution.webflux;

import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.domain.NoSuchEntityException;
import dev.shapeslab.execution.BlockingPool;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.web.ProblemCatalogue;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import reactor.core.publisher.Mono;

/**
 * CRUD over a blocking store (the JDBC backends, the stub), each store call on the {@link BlockingPool}.
 *
 * <p><b>Scheduler:</b> the domain rules run on the subscribing thread (the request's event loop), so a refused body
 * never takes a place in the pool; each store call runs on a {@code webflux-blocking-*} thread, which
 * signals its result. A backend's simulated non-blocking latency is waited for first on Reactor's timer
 * ({@code Mono.delay}, the {@code parallel} scheduler), holding no thread. Each store call is one transaction,
 * opened on the pool thread that does the JDBC work. <b>Errors:</b> rule violations, a missing entity for update
 * and delete, store failures and a full pool arrive as {@code onError}; nothing is thrown at assembly.
 * <b>Deadline</b> ({@code webflux.timeout}): a store call that has not started by then (it waited on the timer or
 * in the pool's queue) is answered 503 with {@code Retry-After} and never runs, so it never writes after its 503;
 * one that has started is answered by its own result, which the store's deadline keeps short, as {@code async}'s.
 *
 * @param <T> the entity type
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
        return Mono.defer(() -> {
            AtomicBoolean decided = new AtomicBoolean(); // by the call starting or by its deadline, whichever is first
            Mono<R> call = onPool(() -> decided.compareAndSet(false, true), work);
            Mono<R> afterLatency = latency.isZero() ? call : Mono.delay(latency).then(call);
            Mono<Long> deadline = Mono.delay(timeout)
                    .flatMap(tick -> decided.compareAndSet(false, true) ? Mono.just(tick) : Mono.never());
            return afterLatency.timeout(deadline, Mono.error(ProblemCatalogue.NOT_STARTED_IN_TIME::exception));
        });
    }

    /**
     * {@code work} on the pool when subscribed, if {@code start} lets it when a thread takes it (false: the request was
     * answered meanwhile). Its result (a null one completes empty) is signalled on that pool thread; a full pool's 503,
     * thrown by submit, is signalled at once on the subscribing thread (create signals what its body throws). A cancel
     * before the work started takes it out of the queue; started work runs to its end and its result is dropped.
     */
    private <R> Mono<R> onPool(BooleanSupplier start, Callable<R> work) {
        return Mono.create(sink -> {
            Runnable cancel = pool.submit(() -> {
                if (!start.getAsBoolean()) {
                    return;
                }
                try {
                    sink.success(work.call());
                } catch (Throwable failure) {
                    sink.error(failure);
                }
            });
            sink.onCancel(cancel::run);
        });
    }
}
