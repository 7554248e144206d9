package dev.shapeslab.execution.rxjava;

import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.domain.NoSuchEntityException;
import dev.shapeslab.execution.StoreCrud;
import dev.shapeslab.persistence.EntityStore;
import io.reactivex.Completable;
import io.reactivex.Maybe;
import io.reactivex.Single;
import java.util.List;

/**
 * {@link dev.shapeslab.execution.StoreCrud}'s rules as RxJava 2 types whose cardinality states the result; a page is
 * one {@code Single} (a materialised list: a {@code Flowable} would add backpressure for nothing). <b>Scheduler:</b>
 * none; every source calls the store on the subscribing thread. <b>Errors:</b> all as {@code onError}.
 */
public class RxCrudService<T extends Identifiable<T>> {

    private final StoreCrud<T> crud;

    public RxCrudService(EntityStore<T> store, EntityRules rules) {
        this.crud = new StoreCrud<>(store, rules);
    }

    public Single<List<T>> list(int offset, int limit) {
        return Single.fromCallable(() -> crud.list(offset, limit));
    }

    public Maybe<T> find(long id) {
        return Maybe.defer(() -> crud.findIfAny(id).map(Maybe::just).orElseGet(Maybe::empty));
    }

    public Single<T> create(T entity) {
        return Single.fromCallable(() -> crud.create(entity));
    }

    public Single<T> update(long id, T entity) {
        return Single.fromCallable(() -> crud.update(id, entity));
    }

    public Completable delete(long id) {
        return Completable.fromAction(() -> crud.delete(id));
    }

    public Completable deleteAll() {
        return Completable.fromAction(crud::deleteAll);
    }

    public NoSuchEntityException notFound(long id) {
        return crud.notFound(id);
    }
}
