package dev.shapeslab.execution.webflux;

import dev.shapeslab.domain.NoSuchEntityException;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * What {@link WebFluxCrudController} asks of a service: {@link dev.shapeslab.execution.StoreCrud}'s rules as lazy
 * {@code Mono}s, over a blocking store ({@link WebFluxCrudService}) or a non-blocking one
 * ({@link ReactiveWebFluxCrudService}).
 */
interface WebFluxCrud<T> {

    Mono<List<T>> list(int offset, int limit);

    Mono<T> find(long id);

    Mono<T> create(T entity);

    Mono<T> update(long id, T entity);

    Mono<Void> delete(long id);

    Mono<Void> deleteAll();

    NoSuchEntityException notFound(long id);
}
