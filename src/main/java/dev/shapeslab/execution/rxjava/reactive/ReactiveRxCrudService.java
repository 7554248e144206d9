package dev.shapeslab.execution.rxjava.reactive;

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
 * CRUD over a non-blocking store as the same RxJava 2 types as {@code RxCrudService}, adapted from
 * {@link ReactiveCrud}'s {@link Mono}s with {@code fromPublisher} instead of made from blocking calls with
 * {@code fromCallable}.
 *
 * <p><b>Scheduler:</b> the domain rules and the store call's start run on the subscribing thread; the query waits
 * on the database holding no thread; its result is signalled on the {@code answer} scheduler (the
 * {@code response-*} threads), never on the driver's event loop. <b>Errors</b> and <b>dispose</b>: as
 * {@link ReactiveCrud}'s.
 *
 * @param <T> the entity type
 */
public class ReactiveRxCrudService<T extends Identifiable<T>> {

    private final ReactiveCrud<T> crud;
    private final Scheduler answer;

    public ReactiveRxCrudService(ReactiveEntityStore<T> store, EntityRules rules, Scheduler answer) {
        this.crud = new ReactiveCrud<>(store, rules);
        this.answer = answer;
    }

    public Single<List<T>> list(int offset, int limit) {
        return Single.fromPublisher(call(() -> crud.list(offset, limit)));
    }

    /** Completes empty when there is no entity {@code id}. */
    public Maybe<T> find(long id) {
        return Flowable.fromPublisher(call(() -> crud.find(id))).singleElement();
    }

    public Single<T> create(T entity) {
        return Single.fromPublisher(call(() -> crud.create(entity)));
    }

    /** Signals {@link NoSuchEntityException} when there is no entity {@code id}: an update never creates one. */
    public Single<T> update(long id, T entity) {
        return Single.fromPublisher(call(() -> crud.update(id, entity)));
    }

    /** Signals {@link NoSuchEntityException} when there is no entity {@code id}. */
    public Completable delete(long id) {
        return Completable.fromPublisher(call(() -> crud.delete(id)));
    }

    public Completable deleteAll() {
        return Completable.fromPublisher(call(crud::deleteAll));
    }

    public NoSuchEntityException notFound(long id) {
        return crud.notFound(id);
    }

    private <R> Mono<R> call(Supplier<Mono<R>> work) {
        return Mono.defer(work).publishOn(answer);
    }
}
