package dev.shapeslab.persistence.r2dbc;

import dev.shapeslab.domain.Drawing;
import dev.shapeslab.domain.Shape;
import dev.shapeslab.persistence.Backends;
import dev.shapeslab.persistence.PostgresSql;
import dev.shapeslab.persistence.PostgresSql.Drawings;
import dev.shapeslab.persistence.ReactiveEntityStore;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Readable;
import io.r2dbc.spi.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Drawings with their shapes, each read in one statement whatever the size of the page, and written in one
 * transaction with its shapes ({@link StoreCalls#write}); the SQL of {@link Drawings}.
 */
@Repository
@Profile(Backends.R2DBC)
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
        return calls.write(ENTITY_NAME, "insert", connection -> R2dbcShapeStore.single(connection.createStatement(Drawings.INSERT)
                        .bind(0, entity.getName()).bind(1, OffsetDateTime.ofInstant(entity.getCreationDate(), ZoneOffset.UTC)),
                        result -> result.map(row -> row.get(0, Long.class)))
                .flatMap(id -> insertShapes(connection, id, entity.getShapes())
                        .map(shapes -> Drawing.stored(id, entity.getName(), entity.getCreationDate(), shapes))));
    }

    @Override
    public Mono<Drawing> replace(long id, Drawing entity) {
        return calls.write(ENTITY_NAME, "replace", connection -> Flux.from(connection.createStatement(Drawings.RENAME).bind(0, entity.getName()).bind(1, id)
                        .execute())
                .flatMap(result -> result.map(row -> row.get(0, OffsetDateTime.class).toInstant()))
                .singleOrEmpty()
                .flatMap(created -> R2dbcShapeStore.rowsUpdated(connection.createStatement(Drawings.DELETE_SHAPES).bind(0, id))
                        .then(insertShapes(connection, id, entity.getShapes()))
                        .map(shapes -> Drawing.stored(id, entity.getName(), created, shapes))));
    }

    @Override
    public Mono<Boolean> deleteById(long id) {
        return calls.write(ENTITY_NAME, "deleteById", connection -> R2dbcShapeStore.rowsUpdated(connection.createStatement(Drawings.DELETE_SHAPES).bind(0, id))
                .then(R2dbcShapeStore.rowsUpdated(connection.createStatement(Drawings.DELETE).bind(0, id)))
                .map(deleted -> deleted > 0));
    }

    @Override
    public Mono<Void> deleteAll() {
        return calls.write(ENTITY_NAME, "deleteAll", connection -> R2dbcShapeStore.rowsUpdated(connection.createStatement(Drawings.DELETE_ALL_SHAPES))
                .then(R2dbcShapeStore.rowsUpdated(connection.createStatement(Drawings.DELETE_ALL)))
                .then());
    }

    /** Inserts {@code shapes} into drawing {@code id}, in their order, in one statement; signals copies with their ids. */
    private static Mono<List<Shape<?>>> insertShapes(Connection connection, long id, List<Shape<?>> shapes) {
        if (shapes.isEmpty()) {
            return Mono.just(List.of());
        }
        Statement insert = connection.createStatement(Drawings.INSERT_SHAPE);
        for (int i = 0; i < shapes.size(); i++) {
            if (i > 0) {
                insert.add();
            }
            Shape<?> shape = shapes.get(i);
            ShapeColumns.bind(insert.bind(0, PostgresSql.typeOf(shape)), 1, shape)
                    .bind(1 + PostgresSql.WRITTEN_COUNT, id).bind(2 + PostgresSql.WRITTEN_COUNT, i);
        }
        return Flux.from(insert.execute()).concatMap(result -> result.map(row -> row.get(0, Long.class)))
                .collectList()
                .map(ids -> {
                    List<Shape<?>> stored = new ArrayList<>(shapes.size());
                    for (int i = 0; i < shapes.size(); i++) {
                        Shape<?> copy = shapes.get(i).copy();
                        copy.setId(ids.get(i));
                        stored.add(copy);
                    }
                    return stored;
                });
    }

    /** Rows ordered by drawing, then shape: a drawing per run of rows with its id, a shape per row. */
    private static Mono<List<Drawing>> drawings(Statement statement) {
        return Flux.from(statement.execute()).flatMap(result -> result.map(Row::new)).collectList().map(rows -> {
            List<Drawing> drawings = new ArrayList<>();
            int i = 0;
            while (i < rows.size()) {
                Row first = rows.get(i);
                List<Shape<?>> shapes = new ArrayList<>();
                for (; i < rows.size() && rows.get(i).id == first.id; i++) {
                    if (rows.get(i).shape != null) {
                        shapes.add(rows.get(i).shape);
                    }
                }
                drawings.add(Drawing.stored(first.id, first.name, first.created, shapes));
            }
            return drawings;
        });
    }

    /** One row of a drawing query, read while the driver's row is valid. */
    private static final class Row {
        final long id;
        final String name;
        final Instant created;
        final Shape<?> shape;

        Row(Readable row) {
            id = row.get(0, Long.class);
            name = row.get(1, String.class);
            created = row.get(2, OffsetDateTime.class).toInstant();
            shape = ShapeColumns.shape(row, Drawings.SHAPE_COLUMN);
        }
    }
}
