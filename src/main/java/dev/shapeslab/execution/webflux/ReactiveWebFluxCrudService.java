package dev.shapeslab.execution.webflux;

import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.domain.NoSuchEntityException;
import dev.shapeslab.persistence.ReactiveEntityStore;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * CRUD over the non-blocking store ({@code r2dbc}): the store's own {@code Mono}s, with the domain rules before a
 * write. What changed from {@link WebFluxCrudService} is only that no pool runs the call.
 *
 * <p><b>Scheduler:</b> the rules and the start of the store call run on the subscribing thread (the request's
 * event loop); the query waits on the database holding no thread; its result is signalled on the driver's event
 * loop, which the controller leaves at once for the request's own. <b>Errors:</b> rule violations, a missing entity
 * for update and delete, and the store's failures arrive as {@code onError}. <b>Cancel:</b> ends the store call on
 * the database and frees its connection.
 *
 * @param <T> the entity type
 */
class ReactiveWebFluxCrudService<T extends Identifiable<T>> implements WebFluxCrud<T> {

    private final ReactiveEntityStore<T> store;
    private final EntityRules rules;

    ReactiveWebFluxCrudService(ReactiveEntityStore<T> store, EntityRules rules) {
        this.store = store;
        this.rules = rules;
    }

    @Override
    public Mono<List<T>> list(int offset, int limit) {
        return store.findPage(offset, limit);
    }

    @Override
    public Mono<T> find(long id) {
        return store.findById(id);
    }

    @Override
    public Mono<T> create(T entity) {
        return Mono.fromCallable(() -> rules.admitForCreation(entity)).flatMap(store::insert);
    }

    @Override
    public Mono<T> update(long id, T entity) {
        return Mono.fromCallable(() -> rules.admitForUpdate(id, entity))
                .flatMap(admitted -> store.replace(id, admitted))
                .switchIfEmpty(Mono.error(() -> notFound(id)));
    }

    @Override
    public Mono<Void> delete(long id) {
        return store.deleteById(id).flatMap(deleted -> deleted ? Mono.<Void>empty() : Mono.error(notFound(id)));
    }

    @Override
    public Mono<Void> deleteAll() {
        return store.deleteAll();
    }

    @Override
    public NoSuchEntityException notFound(long id) {
        return new NoSuchEntityException(store.entityName(), id);
    }
}
