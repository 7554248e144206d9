package dev.shapeslab.persistence.pgclient;

import dev.shapeslab.domain.Drawing;
import dev.shapeslab.domain.Shape;
import dev.shapeslab.persistence.Backends;
import dev.shapeslab.persistence.PostgresSql;
import dev.shapeslab.persistence.PostgresSql.Drawings;
import dev.shapeslab.persistence.VertxEntityStore;
import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Repository;

/**
 * Drawings with their shapes through the Vert.x client, with the r2dbc stores' SQL ({@link Drawings}): each read in
 * one statement whatever the size of the page, each written in one transaction with its shapes
 * ({@link PgClientCalls#write}), a drawing's shapes inserted in one batch. Its two deletes are pipelined: sent
 * together, answered in order.
 */
@Repository
@Profile(Backends.PG_ON_VERTX)
class PgClientDrawingStore implements VertxEntityStore<Drawing> {

    private static final String ENTITY_NAME = "drawing";

    private final PgClientCalls calls;

    PgClientDrawingStore(PgClientCalls calls) {
        this.calls = calls;
    }

    @Override
    public String entityName() {
        return ENTITY_NAME;
    }

    @Override
    public Future<List<Drawing>> findPage(int offset, int limit) {
        return calls.read(ENTITY_NAME, "findPage", connection -> connection.preparedQuery(Drawings.PAGE)
                .execute(Tuple.of((long) offset, (long) limit)).map(PgClientDrawingStore::drawings));
    }

    @Override
    public Future<Optional<Drawing>> findById(long id) {
        return calls.read(ENTITY_NAME, "findById", connection -> connection.preparedQuery(Drawings.BY_ID)
                .execute(Tuple.of(id)).map(rows -> drawings(rows).stream().findFirst()));
    }

    @Override
    public Future<Drawing> insert(Drawing entity) {
        return calls.write(ENTITY_NAME, "insert", connection -> connection.preparedQuery(Drawings.INSERT)
                .execute(Tuple.of(entity.getName(), OffsetDateTime.ofInstant(entity.getCreationDate(), ZoneOffset.UTC)))
                .compose(rows -> {
                    long id = rows.iterator().next().getLong(0);
                    return insertShapes(connection, id, entity.getShapes())
                            .map(shapes -> Drawing.stored(id, entity.getName(), entity.getCreationDate(), shapes));
                }));
    }

    @Override
    public Future<Optional<Drawing>> replace(long id, Drawing entity) {
        return calls.write(ENTITY_NAME, "replace", connection -> connection.preparedQuery(Drawings.RENAME)
                .execute(Tuple.of(entity.getName(), id))
                .compose(renamed -> {
                    if (renamed.size() == 0) {
                        return Future.succeededFuture(Optional.empty());
                    }
                    Instant created = renamed.iterator().next().getOffsetDateTime(0).toInstant();
                    return connection.preparedQuery(Drawings.DELETE_SHAPES).execute(Tuple.of(id))
                            .compose(deleted -> insertShapes(connection, id, entity.getShapes()))
                            .map(shapes -> Optional.of(Drawing.stored(id, entity.getName(), created, shapes)));
                }));
    }

    @Override
    public Future<Boolean> deleteById(long id) {
        return calls.write(ENTITY_NAME, "deleteById", connection -> {
            Future<RowSet<Row>> shapes = connection.preparedQuery(Drawings.DELETE_SHAPES).execute(Tuple.of(id));
            Future<RowSet<Row>> drawing = connection.preparedQuery(Drawings.DELETE).execute(Tuple.of(id));
            return shapes.compose(deleted -> drawing).map(deleted -> deleted.rowCount() > 0);
        });
    }

    @Override
    public Future<Void> deleteAll() {
        return calls.write(ENTITY_NAME, "deleteAll", connection -> {
            Future<RowSet<Row>> shapes = connection.preparedQuery(Drawings.DELETE_ALL_SHAPES).execute();
            Future<RowSet<Row>> drawings = connection.preparedQuery(Drawings.DELETE_ALL).execute();
            return shapes.compose(deleted -> drawings).mapEmpty();
        });
    }

    /** Inserts {@code shapes} into drawing {@code id}, in their order, in one batch; answers copies with their ids. */
    private static Future<List<Shape<?>>> insertShapes(SqlConnection connection, long id, List<Shape<?>> shapes) {
        if (shapes.isEmpty()) {
            return Future.succeededFuture(List.of());
        }
        List<Tuple> batch = new ArrayList<>(shapes.size());
        for (int i = 0; i < shapes.size(); i++) {
            Shape<?> shape = shapes.get(i);
            batch.add(PgClientShapeStore.written(Tuple.of(PostgresSql.typeOf(shape)), shape).addLong(id).addInteger(i));
        }
        return connection.preparedQuery(Drawings.INSERT_SHAPE).executeBatch(batch).map(rows -> {
            List<Shape<?>> stored = new ArrayList<>(shapes.size());
            RowSet<Row> result = rows;
            for (Shape<?> shape : shapes) {
                Shape<?> copy = shape.copy();
                copy.setId(result.iterator().next().getLong(0));
                stored.add(copy);
                result = result.next();
            }
            return stored;
        });
    }

    /** Rows ordered by drawing, then shape: a drawing per run of rows with its id, a shape per row. */
    private static List<Drawing> drawings(RowSet<Row> rows) {
        List<Drawing> drawings = new ArrayList<>();
        long current = 0;
        String name = null;
        Instant created = null;
        List<Shape<?>> shapes = null;
        for (Row row : rows) {
            long id = row.getLong(0);
            if (shapes == null || id != current) {
                if (shapes != null) {
                    drawings.add(Drawing.stored(current, name, created, shapes));
                }
                current = id;
                name = row.getString(1);
                created = row.getOffsetDateTime(2).toInstant();
                shapes = new ArrayList<>();
            }
            Shape<?> shape = PostgresSql.shape(PgClientShapeStore.columns(row), Drawings.SHAPE_COLUMN);
            if (shape != null) {
                shapes.add(shape);
            }
        }
        if (shapes != null) {
            drawings.add(Drawing.stored(current, name, created, shapes));
        }
        return drawings;
    }
}
