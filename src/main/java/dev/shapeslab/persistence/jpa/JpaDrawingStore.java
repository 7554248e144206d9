package dev.shapeslab.persistence.jpa;

import dev.shapeslab.domain.Drawing;
import dev.shapeslab.startup.Profiles;
import java.util.List;
import java.util.Optional;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * Drawings with their shapes. A page loads in two queries whatever its size: the page's ids, then those
 * drawings with their shapes in one join (paging a fetch join directly would page in memory).
 */
@Repository
@Profile("!" + Profiles.STUB)
class JpaDrawingStore extends JpaEntityStore<Drawing> {

    private static final String WITH_SHAPES = "select d from Drawing d left join fetch d.shapes";

    JpaDrawingStore() {
        super("drawing");
    }

    @Override
    @Transactional(readOnly = true)
    public List<Drawing> findPage(int offset, int limit) {
        List<Long> ids = entityManager.createQuery("select d.id from Drawing d order by d.id", Long.class)
                .setFirstResult(offset)
                .setMaxResults(limit)
                .getResultList();
        if (ids.isEmpty()) {
            return List.of();
        }
        return entityManager.createQuery(WITH_SHAPES + " where d.id in :ids order by d.id", Drawing.class)
                .setParameter("ids", ids)
                .getResultList();
    }

    @Override
    @Transactional(readOnly = true)
    public Optional<Drawing> findById(long id) {
        return entityManager.createQuery(WITH_SHAPES + " where d.id = :id", Drawing.class)
                .setParameter("id", id)
                .getResultStream()
                .findFirst();
    }

    /** Bulk statements: the shapes first, then the drawing, without loading either. */
    @Override
    public boolean deleteById(long id) {
        entityManager.createQuery("delete from Shape s where s.drawing.id = :id").setParameter("id", id).executeUpdate();
        return entityManager.createQuery("delete from Drawing d where d.id = :id").setParameter("id", id).executeUpdate() > 0;
    }

    @Override
    public void deleteAll() {
        entityManager.createQuery("delete from Shape s where s.drawing is not null").executeUpdate();
        entityManager.createQuery("delete from Drawing").executeUpdate();
    }
}
