package dev.shapeslab.execution.webflux;

import dev.shapeslab.domain.NoSuchEntityException;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * What {@link WebFluxCrudController} asks of a service: CRUD as Reactor {@code Mono}s, lazy, failing as
 * {@code onError} and never at assembly. Two implementations: {@link WebFluxCrudService} runs blocking store calls
 * on the {@link dev.shapeslab.execution.BlockingPool}; {@link ReactiveWebFluxCrudService} subscribes to the
 * non-blocking store. Each states the thread its result is signalled on; the controller answers on the request's
 * event loop either way.
 *
 * @param <T> the entity type
 */
interface WebFluxCrud<T> {

    Mono<List<T>> list(int offset, int limit);

    /** Completes empty when there is no entity {@code id}. */
    Mono<T> find(long id);

    Mono<T> create(T entity);

    /** Signals {@link NoSuchEntityException} when there is no entity {@code id}: an update never creates one. */
    Mono<T> update(long id, T entity);

    /** Signals {@link NoSuchEntityException} when there is no entity {@code id}. */
    Mono<Void> delete(long id);

    Mono<Void> deleteAll();

    NoSuchEntityException notFound(long id);
}
