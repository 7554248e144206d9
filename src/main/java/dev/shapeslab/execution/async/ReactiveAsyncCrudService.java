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
 * CRUD over a non-blocking store as {@code async}'s RxJava 2 types, adapted from {@link ReactiveCrud}'s {@link Mono}s:
 * only where a store call runs changed from {@code AsyncCrudService}. Also {@code rxjava}'s service over that store.
 *
 * <p><b>Scheduler:</b> the rules and the call's start run on the subscribing (request) thread; the query holds no
 * thread; its result is signalled on a {@code response-*} thread ({@code answer}), never on the driver's event loop.
 * <b>Gate:</b> each store call passes {@code gate} before it starts. <b>Errors</b> and <b>dispose</b>: as
 * {@link ReactiveCrud}'s.
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
