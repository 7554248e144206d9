package dev.shapeslab.persistence.jpa;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.domain.Drawing;
import dev.shapeslab.domain.Shape;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Repository;

/**
 * Drawings with their shapes. A page loads in one query whatever its size: the page of drawings joined with their
 * shapes, read as values ({@link ShapeRows}); paging a join directly would page rows, not drawings.
 */
@Repository
@ConditionalOnDeployment(store = Store.JDBC_ON_H2)
class JpaDrawingStore extends JpaEntityStore<Drawing> {

    private final String selectWithShapes = hql("select d from Drawing d left join fetch d.shapes where d.id = :id");
    private final String deleteItsShapes = hql("delete from Shape s where s.drawing.id = :id");
    private final String deleteOne = hql("delete from Drawing d where d.id = :id");
    private final String deleteOwnedShapes = hql("delete from Shape s where s.drawing is not null");
    private final String deleteEvery = hql("delete from Drawing");

    /** The page as a derived table, for {@link dev.shapeslab.persistence.PostgresSql.Drawings#PAGE}'s reason. */
    private static final String PAGE = "select d.id, d.name, d.creation_date, "
            + ShapeRows.COLUMNS
            + " from (select p.id, p.name, p.creation_date from drawing p order by p.id offset ? rows fetch first ? rows only) d"
            + " left join shape s on s.drawing_id = d.id"
            + " order by d.id, s.shape_index";

    /** The column where a row's shape columns start (JDBC's, from 1): after the drawing's id, name and creation date. */
    private static final int SHAPE_COLUMN = 4;

    JpaDrawingStore() {
        super("drawing");
    }

    /** Read as values with plain JDBC and assembled here, not loaded as entities (docs/performance.md). */
    @Override
    @SingleStatementRead
    public List<Drawing> findPage(int offset, int limit) {
        return select(PAGE, rows -> {
            List<Drawing> page = new ArrayList<>(limit);
            boolean more = rows.next();
            while (more) {
                long id = rows.getLong(1);
                String name = rows.getString(2);
                Instant created = rows.getObject(3, OffsetDateTime.class).toInstant();
                List<Shape<?>> shapes = new ArrayList<>();
                do {
                    Shape<?> shape = ShapeRows.shape(rows, SHAPE_COLUMN);
                    if (shape != null) {
                        shapes.add(shape);
                    }
                    more = rows.next();
                } while (more && rows.getLong(1) == id);
                page.add(Drawing.stored(id, name, created, shapes));
            }
            return page;
        }, offset, limit);
    }

    @Override
    @SingleStatementRead
    public Optional<Drawing> findById(long id) {
        return findManaged(id);
    }

    @Override
    protected Optional<Drawing> findManaged(long id) {
        return entityManager.createQuery(selectWithShapes, Drawing.class)
                .setParameter("id", id)
                .getResultStream()
                .findFirst();
    }

    /** Bulk statements: the shapes first, then the drawing, without loading either. */
    @Override
    public boolean deleteById(long id) {
        entityManager.createQuery(deleteItsShapes).setParameter("id", id).executeUpdate();
        return entityManager.createQuery(deleteOne).setParameter("id", id).executeUpdate() > 0;
    }

    @Override
    public void deleteAll() {
        entityManager.createQuery(deleteOwnedShapes).executeUpdate();
        entityManager.createQuery(deleteEvery).executeUpdate();
    }
}
