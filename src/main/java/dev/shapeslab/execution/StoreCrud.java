package dev.shapeslab.execution;

import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.domain.NoSuchEntityException;
import dev.shapeslab.persistence.EntityStore;
import java.util.List;
import java.util.Optional;

/**
 * The CRUD rules over a blocking store, written once: the domain rules before a write, a missing entity as
 * {@link NoSuchEntityException}, an update that never creates. Runs on its caller's thread; failures are thrown.
 */
public class StoreCrud<T extends Identifiable<T>> {

    private final EntityStore<T> store;
    private final EntityRules rules;

    public StoreCrud(EntityStore<T> store, EntityRules rules) {
        this.store = store;
        this.rules = rules;
    }

    public List<T> list(int offset, int limit) {
        return store.findPage(offset, limit);
    }

    /** @throws NoSuchEntityException when there is no entity {@code id} */
    public T find(long id) {
        return store.findById(id).orElseThrow(() -> notFound(id));
    }

    /** Empty when there is no entity {@code id}. */
    public Optional<T> findIfAny(long id) {
        return store.findById(id);
    }

    public T create(T entity) {
        return store.insert(rules.admitForCreation(entity));
    }

    /** @throws NoSuchEntityException when there is no entity {@code id}: an update never creates one */
    public T update(long id, T entity) {
        return store.replace(id, rules.admitForUpdate(id, entity)).orElseThrow(() -> notFound(id));
    }

    /** @throws NoSuchEntityException when there is no entity {@code id} */
    public void delete(long id) {
        if (!store.deleteById(id)) {
            throw notFound(id);
        }
    }

    public void deleteAll() {
        store.deleteAll();
    }

    public NoSuchEntityException notFound(long id) {
        return new NoSuchEntityException(store.entityName(), id);
    }
}
