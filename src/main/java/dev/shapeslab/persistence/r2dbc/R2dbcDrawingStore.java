package dev.shapeslab.persistence.r2dbc;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.domain.Drawing;
import dev.shapeslab.domain.Shape;
import dev.shapeslab.persistence.PostgresSql;
import dev.shapeslab.persistence.PostgresSql.DrawingRow;
import dev.shapeslab.persistence.PostgresSql.Drawings;
import dev.shapeslab.persistence.nonblocking.ReactiveEntityStore;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Statement;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Drawings with the SQL of {@link Drawings}: one statement per read or write ({@link StoreCalls#statement}).
 */
@Repository
@ConditionalOnDeployment(store = Store.R2DBC)
class R2dbcDrawingStore implements ReactiveEntityStore<Drawing> {

    private static final String ENTITY_NAME = "drawing";

    private final StoreCalls calls;

    R2dbcDrawingStore(StoreCalls calls) {
        this.calls = calls;
    }

    @Override
    public String entityName() {
        return ENTITY_NAME;
    }

    @Override
    public Mono<List<Drawing>> findPage(int offset, int limit) {
        return calls.read(ENTITY_NAME, "findPage", connection -> drawings(connection.createStatement(Drawings.PAGE).bind(0, offset).bind(1, limit)));
    }

    @Override
    public Mono<Drawing> findById(long id) {
        return calls.read(ENTITY_NAME, "findById", connection -> drawings(connection.createStatement(Drawings.BY_ID).bind(0, id))
                .flatMap(found -> Mono.justOrEmpty(found.stream().findFirst())));
    }

    @Override
    public Mono<Drawing> insert(Drawing entity) {
        return calls.statement(ENTITY_NAME, "insert", connection -> {
            Statement insert = withShapes(connection.createStatement(Drawings.INSERT).bind(0, entity.getName())
                    .bind(1, OffsetDateTime.ofInstant(entity.getCreationDate(), ZoneOffset.UTC)), entity.getShapes());
            return Flux.from(insert.execute())
                    .concatMap(result -> result.map(row -> new Inserted(row.get(0, Long.class), row.get(1, Long.class))))
                    .collectList()
                    .map(rows -> Drawing.stored(rows.get(0).drawingId(), entity.getName(), entity.getCreationDate(),
                            PostgresSql.withIds(entity.getShapes(), rows.stream().map(Inserted::shapeId).toList())));
        });
    }

    /** Sent again while another replace of the same drawing committed after it began ({@link Drawings#REPLACE}). */
    @Override
    public Mono<Drawing> replace(long id, Drawing entity) {
        return calls.statement(ENTITY_NAME, "replace", connection -> replaceOnce(connection, id, entity));
    }

    private Mono<Drawing> replaceOnce(Connection connection, long id, Drawing entity) {
        Statement replace = withShapes(connection.createStatement(Drawings.REPLACE).bind(0, entity.getName()).bind(1, id),
                entity.getShapes());
        return Flux.from(replace.execute())
                .concatMap(result -> result.map(row -> new Replaced(row.get(0, Boolean.class),
                        row.get(1, OffsetDateTime.class), row.get(2, Long.class))))
                .collectList()
                .flatMap(rows -> {
                    Replaced first = rows.get(0);
                    if (first.created() != null) {
                        return Mono.just(Drawing.stored(id, entity.getName(), first.created().toInstant(),
                                PostgresSql.withIds(entity.getShapes(), rows.stream().map(Replaced::shapeId).toList())));
                    }
                    return first.existed() ? replaceOnce(connection, id, entity) : Mono.empty();
                });
    }

    @Override
    public Mono<Boolean> deleteById(long id) {
        return calls.statement(ENTITY_NAME, "deleteById", connection -> R2dbcShapeStore.rowsUpdated(connection.createStatement(Drawings.DELETE).bind(0, id))
                .map(deleted -> deleted > 0));
    }

    @Override
    public Mono<Void> deleteAll() {
        return calls.write(ENTITY_NAME, "deleteAll", connection -> R2dbcShapeStore.rowsUpdated(connection.createStatement(Drawings.DELETE_ALL_SHAPES))
                .then(R2dbcShapeStore.rowsUpdated(connection.createStatement(Drawings.DELETE_ALL)))
                .then());
    }

    /** One row of {@link Drawings#INSERT}'s answer: the drawing's id, and a shape's (null for a drawing without shapes). */
    private record Inserted(Long drawingId, Long shapeId) {
    }

    /** One row of {@link Drawings#REPLACE}'s answer. */
    private record Replaced(Boolean existed, OffsetDateTime created, Long shapeId) {
    }

    /** {@code statement} with {@code shapes} bound as $3 to $9 ({@link PostgresSql#shapeArrays}). */
    private static Statement withShapes(Statement statement, List<Shape<?>> shapes) {
        Object[] arrays = PostgresSql.shapeArrays(shapes);
        for (int i = 0; i < arrays.length; i++) {
            statement.bind(2 + i, arrays[i]);
        }
        return statement;
    }


    /** The drawings a query answers, each row read while the driver's row is valid. */
    private static Mono<List<Drawing>> drawings(Statement statement) {
        return Flux.from(statement.execute()).flatMap(result -> result.map(row -> DrawingRow.of(row::get)))
                .collectList().map(PostgresSql::drawings);
    }
}
