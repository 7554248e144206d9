package dev.shapeslab.persistence.r2dbc;

import dev.shapeslab.domain.Shape;
import dev.shapeslab.persistence.PostgresSql;
import io.r2dbc.spi.Readable;
import io.r2dbc.spi.Statement;

/**
 * A shape's columns of table {@code shape} through R2DBC: read from a row into a detached shape, and bound to a
 * statement, in the order {@link PostgresSql} gives them (the same columns as the JDBC stores read, {@code ShapeRows}).
 */
final class ShapeColumns {

    private ShapeColumns() {
    }

    /** The shape in {@code row} from column {@code from} (0-based) on, or null where an outer join found none. */
    static Shape<?> shape(Readable row, int from) {
        return PostgresSql.shape(row::get, from);
    }

    /** Binds {@code shape}'s written columns to parameters {@code from} to {@code from + 5} (0-based). */
    static Statement bind(Statement statement, int from, Shape<?> shape) {
        Object[] values = PostgresSql.writtenValues(shape);
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                statement.bindNull(from + i, Integer.class); // only the other kind's integer columns are null
            } else {
                statement.bind(from + i, values[i]);
            }
        }
        return statement;
    }
}
