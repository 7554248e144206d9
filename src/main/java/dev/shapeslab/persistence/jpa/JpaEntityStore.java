package dev.shapeslab.persistence.jpa;

import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.persistence.EntityStore;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.Optional;
import org.springframework.transaction.annotation.Transactional;

/**
 * What the JPA stores share: each public method that writes is one transaction, and each read one
 * statement in the database's auto-commit ({@link SingleStatementRead}), on the thread that calls it, which
 * is where the blocking JDBC work happens whatever the execution variant.
 */
@Transactional
abstract class JpaEntityStore<T extends Identifiable<T>> implements EntityStore<T> {

    private final String entityName;

    @PersistenceContext
    protected EntityManager entityManager;

    JpaEntityStore(String entityName) {
        this.entityName = entityName;
    }

    @Override
    public String entityName() {
        return entityName;
    }

    @Override
    public T insert(T entity) {
        entityManager.persist(entity);
        return entity;
    }

    @Override
    public Optional<T> replace(long id, T entity) {
        Optional<T> existing = findManaged(id);
        existing.ifPresent(stored -> stored.updateFrom(entity));
        return existing;
    }

    /** The entity {@code id} as a managed entity of this transaction, whose changes are written at commit. */
    protected abstract Optional<T> findManaged(long id);
}
