package dev.shapeslab.execution;

import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.domain.NoSuchEntityException;
import dev.shapeslab.persistence.nonblocking.ReactiveEntityStore;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * The CRUD rules of {@link StoreCrud} over the non-blocking store ({@code r2dbc}), as {@code Mono}s. <b>Scheduler:</b>
 * none; the result is signalled on the driver's event loop, which a caller must leave before it blocks.
 * <b>Errors:</b> all as {@code onError}. <b>Cancel:</b> ends the store call on the database.
 */
public class ReactiveCrud<T extends Identifiable<T>> {

    private final ReactiveEntityStore<T> store;
    private final EntityRules rules;

    public ReactiveCrud(ReactiveEntityStore<T> store, EntityRules rules) {
        this.store = store;
        this.rules = rules;
    }

    public Mono<List<T>> list(int offset, int limit) {
        return store.findPage(offset, limit);
    }

    public Mono<T> find(long id) {
        return store.findById(id);
    }

    public Mono<T> create(T entity) {
        return Mono.fromCallable(() -> rules.admitForCreation(entity)).flatMap(store::insert);
    }

    public Mono<T> update(long id, T entity) {
        return Mono.fromCallable(() -> rules.admitForUpdate(id, entity))
                .flatMap(admitted -> store.replace(id, admitted))
                .switchIfEmpty(Mono.error(() -> notFound(id)));
    }

    public Mono<Void> delete(long id) {
        return store.deleteById(id).flatMap(deleted -> deleted ? Mono.<Void>empty() : Mono.error(notFound(id)));
    }

    public Mono<Void> deleteAll() {
        return store.deleteAll();
    }

    public NoSuchEntityException notFound(long id) {
        return new NoSuchEntityException(store.entityName(), id);
    }
}
