package dev.shapeslab.persistence;

import dev.shapeslab.domain.Circle;
import dev.shapeslab.domain.Drawing;
import dev.shapeslab.domain.Position;
import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.domain.Shape;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * What the stores that send their own SQL to PostgreSQL share, whichever driver sends it: the SQL with {@code $n}
 * parameters, a shape's columns in reading order and its values in binding order (QueryPlanOnPostgresTests).
 *
 * <p><b>Every write is one statement</b> in auto-commit, so one round trip writes it durably; a drawing's shapes go
 * with it as arrays. Ids come from the sequences, one {@code nextval} per row, never inside the blocks of 50
 * Hibernate's pooled optimizer draws, so every backend may write to the same database.
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
     * Standalone shapes of one kind. A page is ordered by kind, owner and id (the same as by id: the kind is fixed and
     * the owner null), so that it is read straight off {@code shape_standalone_idx} and costs its own rows.
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
     * Drawings with their shapes, each read in one statement, rows ordered by drawing and place, the shape's columns
     * from {@link #SHAPE_COLUMN} on; each written in one statement, the shapes bound as {@link #shapeArrays}.
     */
    public static final class Drawings {

        private static final String COLUMNS = "d.id, d.name, d.creation_date, ";

        /** The column where a row's shape columns start (0-based): after the drawing's id, name and creation date. */
        public static final int SHAPE_COLUMN = 3;

        /**
         * $1 offset, $2 limit. The page as a derived table off the primary key, the shapes as a lateral subquery kept
         * unflattened ({@code offset 0}), so that every plan probes shape_owner_idx per drawing (docs/results.md).
         */
        public static final String PAGE = "select " + COLUMNS + SHAPE_COLUMNS
                + " from (select p.id, p.name, p.creation_date from drawing p order by p.id offset $1 rows fetch first $2 rows only) d"
                + " left join lateral (select * from shape x where x.drawing_id = d.id offset 0) s on true"
                + " order by d.id, s.shape_index";
        /** $1 id. */
        public static final String BY_ID = "select " + COLUMNS + SHAPE_COLUMNS
                + " from drawing d left join shape s on s.drawing_id = d.id where d.id = $1 order by s.shape_index";
        /**
         * The shapes of drawing {@code d} (a CTE of the statement), from the arrays $3 to $9 ({@link #shapeArrays}), in
         * their order; answers each one's id and place.
         */
        private static final String INSERT_SHAPES_OF_D = "insert into shape (id, shape_type, " + WRITTEN
                + ", drawing_id, shape_index)"
                + " select nextval('shape_seq'), t.shape_type, t.colour, t.position_x, t.position_y, t.radius, t.width,"
                + " t.height, d.id, t.place - 1"
                + " from d, unnest($3::varchar[], $4::varchar[], $5::float8[], $6::float8[], $7::integer[],"
                + " $8::integer[], $9::integer[])"
                + " with ordinality as t(shape_type, colour, position_x, position_y, radius, width, height, place)"
                + " returning id, shape_index";

        /**
         * $1 name, $2 creation date, $3 to $9 the shapes; answers the drawing's id and its shapes' ids in order, a row
         * each (one row with a null shape id for none). The foreign key is checked at the statement's end.
         */
        public static final String INSERT = "with d as (insert into drawing (id, name, creation_date)"
                + " values (nextval('drawing_seq'), $1, $2) returning id),"
                + " s as (" + INSERT_SHAPES_OF_D + ")"
                + " select d.id, s.id from d left join s on true order by s.shape_index";

        /**
         * $1 name, $2 id, $3 to $9 the new shapes. Answers rows of (existed, creation date, a new shape's id); the date
         * is null when nothing was written: no such drawing, or (existed) another replace committed after this one
         * began, whose shapes this one's snapshot cannot see, so it must be sent again ({@code xmin}:
         * docs/notebook/2026-11-27-round-trips-per-request.md, "A replace that another replace overtakes").
         */
        public static final String REPLACE = "with d as (update drawing set name = $1"
                + " where id = $2 and xmin = (select x.xmin from drawing x where x.id = $2) returning id, creation_date),"
                + " gone as (delete from shape using d where shape.drawing_id = d.id),"
                + " s as (" + INSERT_SHAPES_OF_D + ")"
                + " select exists (select 1 from drawing x where x.id = $2), d.creation_date, s.id"
                + " from (values (1)) as one left join d on true left join s on true order by s.shape_index";

        /**
         * $1 id: the drawing and its shapes, in one statement; answers the count of drawings deleted. The foreign key
         * is checked at the statement's end, when the shapes are gone.
         */
        public static final String DELETE = "with gone as (delete from shape where drawing_id = $1)"
                + " delete from drawing where id = $1";
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

    /** One row of {@link Drawings#PAGE} or {@link Drawings#BY_ID}: the drawing's columns and one shape (null for none). */
    public record DrawingRow(long id, String name, Instant created, Shape<?> shape) {

        public static DrawingRow of(Columns row) {
            return new DrawingRow(row.get(0, Long.class), row.get(1, String.class),
                    row.get(2, OffsetDateTime.class).toInstant(), PostgresSql.shape(row, Drawings.SHAPE_COLUMN));
        }
    }

    /** Rows ordered by drawing, then shape: a drawing per run of rows with its id, a shape per row. */
    public static List<Drawing> drawings(List<DrawingRow> rows) {
        List<Drawing> drawings = new ArrayList<>();
        int i = 0;
        while (i < rows.size()) {
            DrawingRow first = rows.get(i);
            List<Shape<?>> shapes = new ArrayList<>();
            for (; i < rows.size() && rows.get(i).id() == first.id(); i++) {
                if (rows.get(i).shape() != null) {
                    shapes.add(rows.get(i).shape());
                }
            }
            drawings.add(Drawing.stored(first.id(), first.name(), first.created(), shapes));
        }
        return drawings;
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

    /**
     * A drawing's shapes as the arrays {@link Drawings#INSERT} and {@link Drawings#REPLACE} take as $3 to $9, one per
     * column, one element per shape in order (null for the other kind's columns).
     */
    public static Object[] shapeArrays(List<Shape<?>> shapes) {
        int n = shapes.size();
        String[] kinds = new String[n];
        String[] colours = new String[n];
        Double[] xs = new Double[n];
        Double[] ys = new Double[n];
        Integer[] radii = new Integer[n];
        Integer[] widths = new Integer[n];
        Integer[] heights = new Integer[n];
        for (int i = 0; i < n; i++) {
            Object[] written = writtenValues(shapes.get(i));
            kinds[i] = typeOf(shapes.get(i));
            colours[i] = (String) written[0];
            xs[i] = (Double) written[1];
            ys[i] = (Double) written[2];
            radii[i] = (Integer) written[3];
            widths[i] = (Integer) written[4];
            heights[i] = (Integer) written[5];
        }
        return new Object[] {kinds, colours, xs, ys, radii, widths, heights};
    }

    /** Copies of {@code shapes} with the ids a statement answered for them ({@code ids}, in the same order). */
    public static List<Shape<?>> withIds(List<Shape<?>> shapes, List<Long> ids) {
        List<Shape<?>> stored = new ArrayList<>(shapes.size());
        for (int i = 0; i < shapes.size(); i++) {
            Shape<?> copy = shapes.get(i).copy();
            copy.setId(ids.get(i));
            stored.add(copy);
        }
        return stored;
    }

    /** The value of column {@code shape_type} for {@code shape}. */
    public static String typeOf(Shape<?> shape) {
        return shape instanceof Circle ? Circle.TYPE_NAME : Rectangle.TYPE_NAME;
    }
}
