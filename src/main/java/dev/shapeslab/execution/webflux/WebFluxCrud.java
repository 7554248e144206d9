package dev.shapeslab.execution.webflux;

import dev.shapeslab.domain.NoSuchEntityException;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * What {@link WebFluxCrudController} asks of a service: CRUD as lazy Reactor {@code Mono}s, failing as {@code onError},
 * over a blocking store ({@link WebFluxCrudService}) or a non-blocking one ({@link ReactiveWebFluxCrudService}).
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
