package dev.shapeslab.persistence.jpa;

import dev.shapeslab.domain.Shape;
import java.util.List;
import java.util.Optional;
import org.springframework.transaction.annotation.Transactional;

/** Standalone shapes of one kind: the rows of its kind in table {@code shape} that no drawing owns. */
abstract class JpaShapeStore<S extends Shape<S>> extends JpaEntityStore<S> {

    private final Class<S> type;
    private final String standalone;

    JpaShapeStore(Class<S> type, String entityName) {
        super(entityName);
        this.type = type;
        this.standalone = " from " + type.getSimpleName() + " s where s.drawing is null";
    }

    /**
     * Ordered by kind, owner and id: the same order as by id alone (the query fixes the kind and the owner
     * is always null), but one that the databases read straight off {@code shape_standalone_idx}, so a page
     * costs its own rows. Ordered by id alone, H2 took every standalone shape of the kind and sorted them,
     * a cost that grows with the table (docs/performance.md has both plans).
     */
    @Override
    @Transactional(readOnly = true)
    public List<S> findPage(int offset, int limit) {
        return entityManager.createQuery("select s" + standalone + " order by type(s), s.drawing.id, s.id", type)
                .setFirstResult(offset)
                .setMaxResults(limit)
                .getResultList();
    }

    @Override
    @Transactional(readOnly = true)
    public Optional<S> findById(long id) {
        return entityManager.createQuery("select s" + standalone + " and s.id = :id", type)
                .setParameter("id", id)
                .getResultStream()
                .findFirst();
    }

    @Override
    public boolean deleteById(long id) {
        return entityManager.createQuery("delete" + standalone + " and s.id = :id")
                .setParameter("id", id)
                .executeUpdate() > 0;
    }

    @Override
    public void deleteAll() {
        entityManager.createQuery("delete" + standalone).executeUpdate();
    }
}
