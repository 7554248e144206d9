package dev.shapeslab.persistence.r2dbc;

import dev.shapeslab.domain.Circle;
import dev.shapeslab.domain.Position;
import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.domain.Shape;
import io.r2dbc.spi.Readable;
import io.r2dbc.spi.Statement;

/**
 * A shape's columns of table {@code shape}: read from a row into a detached shape, and bound to a statement. The
 * same columns, in the same order, as the JDBC stores read ({@code ShapeRows}).
 */
final class ShapeColumns {

    /** Read by position, in this order, by {@link #shape(Readable, int)}; from a table aliased {@code s}. */
    static final String COLUMNS = "s.id, s.shape_type, s.colour, s.position_x, s.position_y, s.radius, s.width, s.height";

    /** The columns a shape writes, bound by {@link #bind(Statement, int, Shape)} from a parameter on. */
    static final String WRITTEN = "colour, position_x, position_y, radius, width, height";
    static final int WRITTEN_COUNT = 6;

    private ShapeColumns() {
    }

    /** The shape in {@code row} from column {@code from} (0-based) on, or null where an outer join found none. */
    static Shape<?> shape(Readable row, int from) {
        Long id = row.get(from, Long.class);
        if (id == null) {
            return null;
        }
        String type = row.get(from + 1, String.class);
        String colour = row.get(from + 2, String.class);
        Position position = new Position(row.get(from + 3, Double.class), row.get(from + 4, Double.class));
        Shape<?> shape = switch (type) {
            case Circle.TYPE_NAME -> new Circle(colour, position, row.get(from + 5, Integer.class));
            case Rectangle.TYPE_NAME -> new Rectangle(colour, position, row.get(from + 6, Integer.class),
                    row.get(from + 7, Integer.class));
            default -> throw new IllegalStateException("shape " + id + " has an unknown shape_type: " + type);
        };
        shape.setId(id);
        return shape;
    }

    /** Binds {@code shape}'s {@link #WRITTEN} columns to parameters {@code from} to {@code from + 5} (0-based). */
    static Statement bind(Statement statement, int from, Shape<?> shape) {
        statement.bind(from, shape.getColour())
                .bind(from + 1, shape.getPosition().getX())
                .bind(from + 2, shape.getPosition().getY());
        bindInteger(statement, from + 3, shape instanceof Circle circle ? circle.getRadius() : null);
        bindInteger(statement, from + 4, shape instanceof Rectangle rectangle ? rectangle.getWidth() : null);
        bindInteger(statement, from + 5, shape instanceof Rectangle rectangle ? rectangle.getHeight() : null);
        return statement;
    }

    static String typeOf(Shape<?> shape) {
        return shape instanceof Circle ? Circle.TYPE_NAME : Rectangle.TYPE_NAME;
    }

    private static void bindInteger(Statement statement, int index, Integer value) {
        if (value == null) {
            statement.bindNull(index, Integer.class);
        } else {
            statement.bind(index, value);
        }
    }
}
