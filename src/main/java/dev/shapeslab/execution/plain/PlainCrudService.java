package dev.shapeslab.execution.plain;

import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.domain.NoSuchEntityException;
import dev.shapeslab.persistence.EntityStore;
import java.util.List;

/**
 * Blocking CRUD over a store. Threading contract: every method runs on its caller's thread (in this variant
 * a Tomcat request thread) and returns when the store has answered; failures are thrown.
 *
 * @param <T> the entity type
 */
public class PlainCrudService<T extends Identifiable<T>> {

    private final EntityStore<T> store;
    private final EntityRules rules;

    public PlainCrudService(EntityStore<T> store, EntityRules rules) {
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

    private NoSuchEntityException notFound(long id) {
        return new NoSuchEntityException(store.entityName(), id);
    }
}
