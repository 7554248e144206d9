package dev.shapeslab.execution.async;

import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.domain.NoSuchEntityException;
import dev.shapeslab.execution.ReactiveCrud;
import dev.shapeslab.persistence.nonblocking.ReactiveEntityStore;
import io.reactivex.Completable;
import io.reactivex.Flowable;
import io.reactivex.Maybe;
import io.reactivex.Single;
import java.util.List;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * {@link AsyncCrud} over the non-blocking store, adapted from {@link ReactiveCrud}'s {@link Mono}s; also {@code rxjava}'s
 * service there. <b>Scheduler:</b> the call starts on the subscribing thread and its result is signalled on a
 * {@code response-*} thread ({@code answer}), never on the driver's event loop.
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
