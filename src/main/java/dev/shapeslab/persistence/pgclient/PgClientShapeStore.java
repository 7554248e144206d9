package dev.shapeslab.persistence.pgclient;

import dev.shapeslab.domain.Shape;
import dev.shapeslab.persistence.PostgresSql;
import dev.shapeslab.persistence.PostgresSql.Shapes;
import dev.shapeslab.persistence.nonblocking.VertxEntityStore;
import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Standalone shapes through the Vert.x client, with the SQL of {@link Shapes}, one statement per read or write. */
abstract class PgClientShapeStore<S extends Shape<S>> implements VertxEntityStore<S> {

    private final Class<S> type;
    private final String kind;
    private final PgClientCalls calls;

    PgClientShapeStore(Class<S> type, String kind, PgClientCalls calls) {
        this.type = type;
        this.kind = kind;
        this.calls = calls;
    }

    @Override
    public String entityName() {
        return kind;
    }

    @Override
    public Future<List<S>> findPage(int offset, int limit) {
        return calls.read(kind, "findPage", connection -> connection.preparedQuery(Shapes.PAGE)
                .execute(Tuple.of(kind, (long) offset, (long) limit)).map(this::shapes));
    }

    @Override
    public Future<Optional<S>> findById(long id) {
        return calls.read(kind, "findById", connection -> connection.preparedQuery(Shapes.BY_ID)
                .execute(Tuple.of(id, kind)).map(rows -> shapes(rows).stream().findFirst()));
    }

    @Override
    public Future<S> insert(S entity) {
        return calls.statement(kind, "insert", connection -> connection.preparedQuery(Shapes.INSERT)
                .execute(written(Tuple.of(kind), entity)).map(rows -> {
                    S stored = entity.copy();
                    stored.setId(rows.iterator().next().getLong(0));
                    return stored;
                }));
    }

    @Override
    public Future<Optional<S>> replace(long id, S entity) {
        return calls.statement(kind, "replace", connection -> connection.preparedQuery(Shapes.REPLACE)
                .execute(written(Tuple.tuple(), entity).addLong(id).addString(kind))
                .map(rows -> shapes(rows).stream().findFirst()));
    }

    @Override
    public Future<Boolean> deleteById(long id) {
        return calls.statement(kind, "deleteById", connection -> connection.preparedQuery(Shapes.DELETE)
                .execute(Tuple.of(id, kind)).map(rows -> rows.rowCount() > 0));
    }

    @Override
    public Future<Void> deleteAll() {
        return calls.write(kind, "deleteAll", connection -> connection.preparedQuery(Shapes.DELETE_ALL)
                .execute(Tuple.of(kind)).mapEmpty());
    }

    private List<S> shapes(RowSet<Row> rows) {
        List<S> shapes = new ArrayList<>(rows.size());
        for (Row row : rows) {
            shapes.add(type.cast(PostgresSql.shape(columns(row), 0)));
        }
        return shapes;
    }

    /** {@code tuple} followed by {@code shape}'s written values. */
    static Tuple written(Tuple tuple, Shape<?> shape) {
        for (Object value : PostgresSql.writtenValues(shape)) {
            tuple.addValue(value);
        }
        return tuple;
    }

    /** A Vert.x row as {@link PostgresSql} reads it. */
    static PostgresSql.Columns columns(Row row) {
        return new PostgresSql.Columns() {
            @Override
            public <T> T get(int index, Class<T> type) {
                return row.get(type, index);
            }
        };
    }
}
