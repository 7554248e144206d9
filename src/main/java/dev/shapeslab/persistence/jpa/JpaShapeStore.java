package dev.shapeslab.persistence.jpa;

import dev.shapeslab.domain.Shape;
import jakarta.persistence.DiscriminatorValue;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Standalone shapes of one kind: the rows of its kind in table {@code shape} that no drawing owns. */
abstract class JpaShapeStore<S extends Shape<S>> extends JpaEntityStore<S> {

    private final Class<S> type;
    private final String kind;
    private final String selectOne;
    private final String deleteOne;
    private final String deleteEvery;
    private final String standalonePage = "select " + ShapeRows.COLUMNS + " from shape s"
            + " where s.shape_type = ? and s.drawing_id is null order by s.shape_type, s.drawing_id, s.id"
            + " offset ? rows fetch first ? rows only";
    private final String standaloneById = "select " + ShapeRows.COLUMNS + " from shape s"
            + " where s.id = ? and s.shape_type = ? and s.drawing_id is null";

    JpaShapeStore(Class<S> type, String entityName) {
        super(entityName);
        this.type = type;
        this.kind = type.getAnnotation(DiscriminatorValue.class).value();
        String standalone = " from " + type.getSimpleName() + " s where s.drawing is null";
        this.selectOne = hql("select s" + standalone + " and s.id = :id");
        this.deleteOne = hql("delete" + standalone + " and s.id = :id");
        this.deleteEvery = hql("delete" + standalone);
    }

    /**
     * In SQL, ordered by kind, owner and id (the order of id alone) to read straight off {@code shape_standalone_idx};
     * JPQL cannot name the discriminator column (QueryPlanTests; docs/performance.md).
     */
    @Override
    @SingleStatementRead
    public List<S> findPage(int offset, int limit) {
        return select(standalonePage, rows -> {
            List<S> page = new ArrayList<>(limit);
            while (rows.next()) {
                page.add(shape(rows));
            }
            return page;
        }, kind, offset, limit);
    }

    /** Read as values, like a page: a shape that is only sent back needs no managed entity. */
    @Override
    @SingleStatementRead
    public Optional<S> findById(long id) {
        return select(standaloneById, rows -> rows.next() ? Optional.of(shape(rows)) : Optional.<S>empty(), id, kind);
    }

    /** The value of column {@code shape_type} of this kind's rows. */
    String kind() {
        return kind;
    }

    /** The shape in the current row of {@code row}, its columns {@link ShapeRows#COLUMNS} from the first. */
    S shape(ResultSet row) throws SQLException {
        return type.cast(ShapeRows.shape(row, 1));
    }

    @Override
    protected Optional<S> findManaged(long id) {
        return entityManager.createQuery(selectOne, type)
                .setParameter("id", id)
                .getResultStream()
                .findFirst();
    }

    @Override
    public boolean deleteById(long id) {
        return entityManager.createQuery(deleteOne)
                .setParameter("id", id)
                .executeUpdate() > 0;
    }

    @Override
    public void deleteAll() {
        entityManager.createQuery(deleteEvery).executeUpdate();
    }
}
