package dev.shapeslab.execution.vertx;

import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.domain.NoSuchEntityException;
import dev.shapeslab.persistence.nonblocking.VertxEntityStore;
import io.vertx.core.Future;
import java.util.List;
import java.util.Optional;

/**
 * CRUD as Vert.x {@code Future}s over a {@link VertxEntityStore}. <b>Context:</b> the domain rules run on the request's
 * event loop, so a refused body never reaches the store; every outcome comes back there. Nothing is thrown.
 */
final class VertxCrudService<T extends Identifiable<T>> {

    private final VertxEntityStore<T> store;
    private final EntityRules rules;

    VertxCrudService(VertxEntityStore<T> store, EntityRules rules) {
        this.store = store;
        this.rules = rules;
    }

    Future<List<T>> list(int offset, int limit) {
        return store.findPage(offset, limit);
    }

    Future<T> find(long id) {
        return store.findById(id).compose(found -> found(id, found));
    }

    Future<T> create(T entity) {
        T admitted;
        try {
            admitted = rules.admitForCreation(entity);
        } catch (RuntimeException refused) {
            return Future.failedFuture(refused);
        }
        return store.insert(admitted);
    }

    Future<T> update(long id, T entity) {
        T admitted;
        try {
            admitted = rules.admitForUpdate(id, entity);
        } catch (RuntimeException refused) {
            return Future.failedFuture(refused);
        }
        return store.replace(id, admitted).compose(replaced -> found(id, replaced));
    }

    Future<Void> delete(long id) {
        return store.deleteById(id).compose(deleted -> deleted ? Future.succeededFuture()
                : Future.failedFuture(new NoSuchEntityException(store.entityName(), id)));
    }

    Future<Void> deleteAll() {
        return store.deleteAll();
    }

    private Future<T> found(long id, Optional<T> entity) {
        return entity.map(Future::succeededFuture)
                .orElseGet(() -> Future.failedFuture(new NoSuchEntityException(store.entityName(), id)));
    }
}
