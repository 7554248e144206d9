package dev.shapeslab.persistence;

import dev.shapeslab.domain.Circle;
import dev.shapeslab.domain.Position;
import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.domain.Shape;

/**
 * What the stores that talk to PostgreSQL without an ORM share, whichever driver sends it (backend {@code r2dbc}, and
 * backend {@code pg} under variant {@code vertx}, the Vert.x client): the SQL, with PostgreSQL's {@code $n}
 * parameters, which both drivers take; a shape's columns in the order they are read; and the values a shape writes,
 * in the order they are bound. The schema is the JPA backends' (Flyway), and each list is read through an index in
 * the order it is returned, as the JDBC stores read it (QueryPlanOnPostgresTests checks the plans).
 *
 * <p>Ids come from the schema's sequences, one {@code nextval} per row: the JPA backends take blocks of 50 from the
 * same sequences (Hibernate's pooled optimizer, each block ending at the value it drew), and a value drawn here is
 * never inside one of them, so every backend may write to the same database.
 */
public final class PostgresSql {

    /** A shape's columns, read by position in this order by {@link #shape}; from a table aliased {@code s}. */
    public static final String SHAPE_COLUMNS =
            "s.id, s.shape_type, s.colour, s.position_x, s.position_y, s.radius, s.width, s.height";

    /** The columns a shape writes, bound from {@link #writtenValues} in this order. */
    public static final String WRITTEN = "colour, position_x, position_y, radius, width, height";
    public static final int WRITTEN_COUNT = 6;

    private PostgresSql() {
    }

    /**
     * Standalone shapes of one kind: the rows of its kind in table {@code shape} that no drawing owns. A page is
     * ordered by kind, owner and id, the same order as by id alone (the kind is fixed and the owner null), so that
     * PostgreSQL reads it straight off {@code shape_standalone_idx} and a page costs its own rows, not the table's.
     */
    public static final class Shapes {

        /** $1 kind, $2 offset, $3 limit. */
        public static final String PAGE = "select " + SHAPE_COLUMNS + " from shape s"
                + " where s.shape_type = $1 and s.drawing_id is null order by s.shape_type, s.drawing_id, s.id"
                + " offset $2 rows fetch first $3 rows only";
        /** $1 id, $2 kind. */
        public static final String BY_ID = "select " + SHAPE_COLUMNS + " from shape s"
                + " where s.id = $1 and s.shape_type = $2 and s.drawing_id is null";
        /** $1 kind, $2 to $7 the written values; answers the id. */
        public static final String INSERT = "insert into shape (id, shape_type, " + WRITTEN + ")"
                + " values (nextval('shape_seq'), $1, $2, $3, $4, $5, $6, $7) returning id";
        /** $1 to $6 the written values, $7 id, $8 kind; answers the shape's columns, no row when there is none. */
        public static final String REPLACE = "update shape s set colour = $1, position_x = $2, position_y = $3,"
                + " radius = $4, width = $5, height = $6 where s.id = $7 and s.shape_type = $8 and s.drawing_id is null"
                + " returning " + SHAPE_COLUMNS;
        /** $1 id, $2 kind. */
        public static final String DELETE = "delete from shape s where s.id = $1 and s.shape_type = $2 and s.drawing_id is null";
        /** $1 kind. */
        public static final String DELETE_ALL = "delete from shape s where s.shape_type = $1 and s.drawing_id is null";

        private Shapes() {
        }
    }

    /**
     * Drawings with their shapes, each read in one statement whatever the size of the page: rows ordered by drawing,
     * then by the shape's place in it, with the drawing's id, name and creation date first and the shape's columns
     * from {@link #SHAPE_COLUMN} on (none where a drawing has no shape).
     */
    public static final class Drawings {

        private static final String COLUMNS = "d.id, d.name, d.creation_date, ";

        /** The column where a row's shape columns start (0-based): after the drawing's id, name and creation date. */
        public static final int SHAPE_COLUMN = 3;

        /**
         * $1 offset, $2 limit. The page's drawings straight off the primary key (a derived table with offset and
         * limit, which carries the drawings' own columns), then their shapes by drawing. Written as "where d.id in
         * (the page's ids)", PostgreSQL joined the page's ids back to the whole drawing table (a sequential scan that
         * grows with it); as a derived table there is nothing to join back.
         *
         * <p>The shapes are a lateral subquery that PostgreSQL may not flatten ({@code offset 0}), so that every plan
         * of the statement, generic ones included, probes shape_owner_idx once per drawing of the page. As a plain
         * join, the generic plan of the prepared statement (the drivers prepare it once per connection, and
         * PostgreSQL keeps a generic plan after five executions when it looks no dearer than the custom ones) did not
         * know the limit, guessed a tenth of the table, and hashed the page against a sequential scan of every shape:
         * chosen while the tables are small, it stays on that connection until an ANALYZE and costs as much as the
         * shape table is large.
         */
        public static final String PAGE = "select " + COLUMNS + SHAPE_COLUMNS
                + " from (select p.id, p.name, p.creation_date from drawing p order by p.id offset $1 rows fetch first $2 rows only) d"
                + " left join lateral (select * from shape x where x.drawing_id = d.id offset 0) s on true"
                + " order by d.id, s.shape_index";
        /** $1 id. */
        public static final String BY_ID = "select " + COLUMNS + SHAPE_COLUMNS
                + " from drawing d left join shape s on s.drawing_id = d.id where d.id = $1 order by s.shape_index";
        /** $1 name, $2 creation date; answers the id. */
        public static final String INSERT = "insert into drawing (id, name, creation_date)"
                + " values (nextval('drawing_seq'), $1, $2) returning id";
        /** $1 kind, $2 to $7 the written values, $8 drawing, $9 index in it; answers the id. */
        public static final String INSERT_SHAPE = "insert into shape (id, shape_type, " + WRITTEN
                + ", drawing_id, shape_index) values (nextval('shape_seq'), $1, $2, $3, $4, $5, $6, $7, $8, $9) returning id";
        /** $1 name, $2 id; answers the creation date, no row when there is no such drawing. */
        public static final String RENAME = "update drawing set name = $1 where id = $2 returning creation_date";
        /** $1 drawing. */
        public static final String DELETE_SHAPES = "delete from shape where drawing_id = $1";
        /** $1 id. */
        public static final String DELETE = "delete from drawing where id = $1";
        public static final String DELETE_ALL_SHAPES = "delete from shape where drawing_id is not null";
        public static final String DELETE_ALL = "delete from drawing";

        private Drawings() {
        }
    }

    /** A result row's columns by position (0-based), as a driver reads them. */
    public interface Columns {

        /** The value of column {@code index} as {@code type}; null for SQL NULL. */
        <T> T get(int index, Class<T> type);
    }

    /** The shape in {@code row} from column {@code from} (0-based) on, or null where an outer join found none. */
    public static Shape<?> shape(Columns row, int from) {
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

    /**
     * The values of {@code shape}'s {@link #WRITTEN} columns, in order; null for the columns of the other kind
     * (bound as integers: radius, width, height).
     */
    public static Object[] writtenValues(Shape<?> shape) {
        return new Object[] {shape.getColour(), shape.getPosition().getX(), shape.getPosition().getY(),
                shape instanceof Circle circle ? circle.getRadius() : null,
                shape instanceof Rectangle rectangle ? rectangle.getWidth() : null,
                shape instanceof Rectangle rectangle ? rectangle.getHeight() : null};
    }

    /** The value of column {@code shape_type} for {@code shape}. */
    public static String typeOf(Shape<?> shape) {
        return shape instanceof Circle ? Circle.TYPE_NAME : Rectangle.TYPE_NAME;
    }
}
