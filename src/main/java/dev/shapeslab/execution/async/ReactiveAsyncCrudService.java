package dev.shapeslab.execution.async;

import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.domain.NoSuchEntityException;
import dev.shapeslab.execution.ReactiveCrud;
import dev.shapeslab.persistence.ReactiveEntityStore;
import io.reactivex.Completable;
import io.reactivex.Flowable;
import io.reactivex.Maybe;
import io.reactivex.Single;
import java.util.List;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * CRUD over a non-blocking store as RxJava 2 types (the same as {@code async}'s), each adapted from
 * {@link ReactiveCrud}'s {@link Mono} ({@code fromPublisher}): what changed from {@code AsyncCrudService} is only
 * where a store call runs. Also {@code rxjava}'s service over that store.
 *
 * <p><b>Scheduler:</b> the domain rules and the store call's start run on the subscribing thread (the request
 * thread, which then returns); the query waits on the database holding no thread; its result is signalled on one of
 * the {@code response-*} threads given as {@code answer}, never on the driver's event loop. <b>Gate:</b> each store
 * call passes {@code gate} before it starts, so a request answered meanwhile never reaches the store; once started,
 * it is bounded by the store's deadline. <b>Errors</b> and <b>dispose</b>: as {@link ReactiveCrud}'s.
 *
 * @param <T> the entity type
 */
public class ReactiveAsyncCrudService<T extends Identifiable<T>> implements AsyncCrud<T> {

    private final ReactiveCrud<T> crud;
    private final Scheduler answer;

    public ReactiveAsyncCrudService(ReactiveEntityStore<T> store, EntityRules rules, Scheduler answer) {
        this.crud = new ReactiveCrud<>(store, rules);
        this.answer = answer;
    }

    @Override
    public Single<List<T>> list(WorkGate gate, int offset, int limit) {
        return Single.fromPublisher(call(gate, () -> crud.list(offset, limit)));
    }

    @Override
    public Maybe<T> find(WorkGate gate, long id) {
        return Flowable.fromPublisher(call(gate, () -> crud.find(id))).singleElement();
    }

    @Override
    public Single<T> create(WorkGate gate, T entity) {
        return Single.fromPublisher(call(gate, () -> crud.create(entity)));
    }

    @Override
    public Single<T> update(WorkGate gate, long id, T entity) {
        return Single.fromPublisher(call(gate, () -> crud.update(id, entity)));
    }

    @Override
    public Completable delete(WorkGate gate, long id) {
        return Completable.fromPublisher(call(gate, () -> crud.delete(id)));
    }

    @Override
    public Completable deleteAll(WorkGate gate) {
        return Completable.fromPublisher(call(gate, crud::deleteAll));
    }

    @Override
    public NoSuchEntityException notFound(long id) {
        return crud.notFound(id);
    }

    /** The store call, started only if {@code gate} lets it (else nothing: the request is answered already). */
    private <R> Mono<R> call(WorkGate gate, Supplier<Mono<R>> work) {
        return Mono.defer(() -> gate.enter() ? work.get() : Mono.<R>empty()).publishOn(answer);
    }
}
