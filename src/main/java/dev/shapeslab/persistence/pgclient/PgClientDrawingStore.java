package dev.shapeslab.persistence.pgclient;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.domain.Drawing;
import dev.shapeslab.domain.Shape;
import dev.shapeslab.persistence.PostgresSql;
import dev.shapeslab.persistence.PostgresSql.DrawingRow;
import dev.shapeslab.persistence.PostgresSql.Drawings;
import dev.shapeslab.persistence.nonblocking.VertxEntityStore;
import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Repository;

/** Drawings through the Vert.x client, with the SQL of {@link Drawings}; a delete-all pipelined with its BEGIN. */
@Repository
@ConditionalOnDeployment(store = Store.PG_CLIENT)
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
        return calls.statement(ENTITY_NAME, "insert", connection -> connection.preparedQuery(Drawings.INSERT)
                .execute(withShapes(Tuple.of(entity.getName(), OffsetDateTime.ofInstant(entity.getCreationDate(),
                        ZoneOffset.UTC)), entity.getShapes()))
                .map(rows -> {
                    List<Long> ids = new ArrayList<>(rows.size());
                    long id = 0;
                    for (Row row : rows) {
                        id = row.getLong(0);
                        ids.add(row.getLong(1));
                    }
                    return Drawing.stored(id, entity.getName(), entity.getCreationDate(), PostgresSql.withIds(entity.getShapes(), ids));
                }));
    }

    /** Sent again while another replace of the same drawing committed after it began ({@link Drawings#REPLACE}). */
    @Override
    public Future<Optional<Drawing>> replace(long id, Drawing entity) {
        return calls.statement(ENTITY_NAME, "replace", connection -> replaceOnce(connection, id, entity));
    }

    private static Future<Optional<Drawing>> replaceOnce(SqlConnection connection, long id, Drawing entity) {
        return connection.preparedQuery(Drawings.REPLACE)
                .execute(withShapes(Tuple.of(entity.getName(), id), entity.getShapes()))
                .compose(rows -> {
                    Row first = rows.iterator().next();
                    if (first.getOffsetDateTime(1) != null) {
                        List<Long> ids = new ArrayList<>(rows.size());
                        rows.forEach(row -> ids.add(row.getLong(2)));
                        return Future.succeededFuture(Optional.of(Drawing.stored(id, entity.getName(),
                                first.getOffsetDateTime(1).toInstant(), PostgresSql.withIds(entity.getShapes(), ids))));
                    }
                    return first.getBoolean(0) ? replaceOnce(connection, id, entity)
                            : Future.succeededFuture(Optional.empty());
                });
    }

    @Override
    public Future<Boolean> deleteById(long id) {
        return calls.statement(ENTITY_NAME, "deleteById", connection -> connection.preparedQuery(Drawings.DELETE)
                .execute(Tuple.of(id)).map(deleted -> deleted.rowCount() > 0));
    }

    @Override
    public Future<Void> deleteAll() {
        return calls.write(ENTITY_NAME, "deleteAll", connection -> {
            Future<RowSet<Row>> shapes = connection.preparedQuery(Drawings.DELETE_ALL_SHAPES).execute();
            Future<RowSet<Row>> drawings = connection.preparedQuery(Drawings.DELETE_ALL).execute();
            return shapes.compose(deleted -> drawings).mapEmpty();
        });
    }

    /** {@code tuple} ($1 and $2) followed by {@code shapes} as $3 to $9 ({@link PostgresSql#shapeArrays}). */
    private static Tuple withShapes(Tuple tuple, List<Shape<?>> shapes) {
        for (Object array : PostgresSql.shapeArrays(shapes)) {
            tuple.addValue(array);
        }
        return tuple;
    }


    private static List<Drawing> drawings(RowSet<Row> rows) {
        List<DrawingRow> read = new ArrayList<>(rows.size());
        rows.forEach(row -> read.add(DrawingRow.of(PgClientShapeStore.columns(row))));
        return PostgresSql.drawings(read);
    }
}
