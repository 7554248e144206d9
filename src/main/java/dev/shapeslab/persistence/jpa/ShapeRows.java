package dev.shapeslab.persistence.jpa;

import dev.shapeslab.domain.Circle;
import dev.shapeslab.domain.Position;
import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.domain.Shape;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.hibernate.query.NativeQuery;
import org.hibernate.type.StandardBasicTypes;

/**
 * The columns of a shape row, read as values and made into shapes by hand: for pages, which are only read
 * and written out as JSON. Loaded as entities, every row of a page became a managed entity with a snapshot
 * for dirty checking, built through reflection, only to be thrown away when the transaction ended: 40 % of
 * a page of drawings' CPU (docs/performance.md). The shapes made here are detached from the start.
 *
 * <p>A query selects {@link #COLUMNS} (from a table aliased {@code s}); a Hibernate native query declares
 * them with {@link #declare} and {@link #shape(Object[], int)} reads them back from a row at the offset where
 * they start; a page read with plain JDBC reads them with {@link #shape(ResultSet, int)}.
 */
final class ShapeRows {

    static final String COLUMNS = "s.id as s_id, s.shape_type as s_type, s.colour as s_colour,"
            + " s.position_x as s_x, s.position_y as s_y, s.radius as s_radius, s.width as s_width,"
            + " s.height as s_height";

    private ShapeRows() {
    }

    /** Declares {@link #COLUMNS}' types, so Hibernate needs no result-set metadata to read them. */
    static <R> NativeQuery<R> declare(NativeQuery<R> query) {
        return query.addScalar("s_id", StandardBasicTypes.LONG)
                .addScalar("s_type", StandardBasicTypes.STRING)
                .addScalar("s_colour", StandardBasicTypes.STRING)
                .addScalar("s_x", StandardBasicTypes.DOUBLE)
                .addScalar("s_y", StandardBasicTypes.DOUBLE)
                .addScalar("s_radius", StandardBasicTypes.INTEGER)
                .addScalar("s_width", StandardBasicTypes.INTEGER)
                .addScalar("s_height", StandardBasicTypes.INTEGER);
    }

    /** The shape in the current row of {@code rows} from column {@code from} (1-based) on, or null where none was joined. */
    static Shape<?> shape(ResultSet rows, int from) throws SQLException {
        long id = rows.getLong(from);
        if (rows.wasNull()) {
            return null;
        }
        return shape(id, rows.getString(from + 1), rows.getString(from + 2),
                new Position(rows.getDouble(from + 3), rows.getDouble(from + 4)),
                rows.getInt(from + 5), rows.getInt(from + 6), rows.getInt(from + 7));
    }

    /** The shape in {@code row} from index {@code from} on, or null where an outer join found none. */
    static Shape<?> shape(Object[] row, int from) {
        Long id = (Long) row[from];
        if (id == null) {
            return null;
        }
        return shape(id, (String) row[from + 1], (String) row[from + 2],
                new Position((Double) row[from + 3], (Double) row[from + 4]),
                (Integer) row[from + 5], (Integer) row[from + 6], (Integer) row[from + 7]);
    }

    /** A shape of kind {@code type} from its columns; the measures of the other kind (null or 0) are not read. */
    private static Shape<?> shape(long id, String type, String colour, Position position,
                                  Integer radius, Integer width, Integer height) {
        Shape<?> shape = switch (type) {
            case Circle.TYPE_NAME -> new Circle(colour, position, radius);
            case Rectangle.TYPE_NAME -> new Rectangle(colour, position, width, height);
            default -> throw new IllegalStateException("shape " + id + " has an unknown shape_type: " + type);
        };
        shape.setId(id);
        return shape;
    }
}
