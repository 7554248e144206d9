package dev.shapeslab.execution.async;

import dev.shapeslab.domain.NoSuchEntityException;
import io.reactivex.Completable;
import io.reactivex.Maybe;
import io.reactivex.Single;
import java.util.List;

/**
 * What {@link AsyncCrudResource} asks of a service: {@link dev.shapeslab.execution.StoreCrud}'s rules as RxJava 2
 * types whose store work passes the request's {@link WorkGate} before it starts. None throws at assembly.
 */
public interface AsyncCrud<T> {

    Single<List<T>> list(WorkGate gate, int offset, int limit);

    Maybe<T> find(WorkGate gate, long id);

    Single<T> create(WorkGate gate, T entity);

    Single<T> update(WorkGate gate, long id, T entity);

    Completable delete(WorkGate gate, long id);

    Completable deleteAll(WorkGate gate);

    NoSuchEntityException notFound(long id);
}
