package dev.shapeslab.persistence.jpa;

import dev.shapeslab.domain.Drawing;
import dev.shapeslab.persistence.Backends;
import java.util.List;
import java.util.Optional;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * Drawings with their shapes. A page loads in one query whatever its size: the drawings whose ids are that
 * page of ids (a subquery with offset and limit, read in id order off the primary key) with their shapes in
 * one join; paging a fetch join directly would page in memory.
 */
@Repository
@Profile("!" + Backends.STUB)
class JpaDrawingStore extends JpaEntityStore<Drawing> {

    private static final String WITH_SHAPES = "select d from Drawing d left join fetch d.shapes";

    /**
     * The page's ids as a subquery, rather than a first query whose ids are passed back as a list: the
     * statement is the same for every page, so Hibernate translates it once and caches it (with a list
     * parameter it translated the query again on every request), and it is one round trip.
     */
    private static final String PAGE = WITH_SHAPES + " where d.id in ("
            + "select p.id from Drawing p order by p.id offset :offset rows fetch first :limit rows only)"
            + " order by d.id";

    JpaDrawingStore() {
        super("drawing");
    }

    @Override
    @Transactional(readOnly = true)
    public List<Drawing> findPage(int offset, int limit) {
        return entityManager.createQuery(PAGE, Drawing.class)
                .setParameter("offset", offset)
                .setParameter("limit", limit)
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
