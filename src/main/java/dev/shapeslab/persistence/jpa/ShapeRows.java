package dev.shapeslab.persistence.jpa;

import dev.shapeslab.domain.Circle;
import dev.shapeslab.domain.Position;
import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.domain.Shape;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A shape row's columns ({@link #COLUMNS}) read by plain JDBC into detached shapes: as managed entities they cost a
 * large part of a page of drawings' CPU (docs/performance.md, "What was changed, and why").
 */
final class ShapeRows {

    /** Read by position, in this order, by {@link #shape(ResultSet, int)}. */
    static final String COLUMNS = "s.id, s.shape_type, s.colour, s.position_x, s.position_y, s.radius, s.width, s.height";

    private ShapeRows() {
    }

    /**
     * The shape in the current row of {@code rows} from column {@code from} (1-based) on, or null where an
     * outer join found none; the measures of the other kind (null) are not read.
     */
    static Shape<?> shape(ResultSet rows, int from) throws SQLException {
        long id = rows.getLong(from);
        if (rows.wasNull()) {
            return null;
        }
        String type = rows.getString(from + 1);
        String colour = rows.getString(from + 2);
        Position position = new Position(rows.getDouble(from + 3), rows.getDouble(from + 4));
        Shape<?> shape = switch (type) {
            case Circle.TYPE_NAME -> new Circle(colour, position, rows.getInt(from + 5));
            case Rectangle.TYPE_NAME -> new Rectangle(colour, position, rows.getInt(from + 6), rows.getInt(from + 7));
            default -> throw new IllegalStateException("shape " + id + " has an unknown shape_type: " + type);
        };
        shape.setId(id);
        return shape;
    }
}
