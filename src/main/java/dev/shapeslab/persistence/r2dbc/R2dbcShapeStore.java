package dev.shapeslab.persistence.r2dbc;

import dev.shapeslab.domain.Shape;
import dev.shapeslab.persistence.PostgresSql;
import dev.shapeslab.persistence.PostgresSql.Shapes;
import dev.shapeslab.persistence.nonblocking.ReactiveEntityStore;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Statement;
import java.util.List;
import java.util.function.Function;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Standalone shapes of one kind, with the SQL of {@link Shapes}, one statement per read or write. */
abstract class R2dbcShapeStore<S extends Shape<S>> implements ReactiveEntityStore<S> {

    private final Class<S> type;
    private final String kind;
    private final StoreCalls calls;

    R2dbcShapeStore(Class<S> type, String kind, StoreCalls calls) {
        this.type = type;
        this.kind = kind;
        this.calls = calls;
    }

    @Override
    public String entityName() {
        return kind;
    }

    @Override
    public Mono<List<S>> findPage(int offset, int limit) {
        return calls.read(kind, "findPage", connection -> shapes(connection.createStatement(Shapes.PAGE).bind(0, kind).bind(1, offset)
                .bind(2, limit)).collectList());
    }

    @Override
    public Mono<S> findById(long id) {
        return calls.read(kind, "findById", connection -> shapes(connection.createStatement(Shapes.BY_ID).bind(0, id).bind(1, kind)).singleOrEmpty());
    }

    @Override
    public Mono<S> insert(S entity) {
        return calls.statement(kind, "insert", connection -> {
            Statement insert = ShapeColumns.bind(connection.createStatement(Shapes.INSERT).bind(0, kind), 1, entity);
            return single(insert, result -> result.map(row -> row.get(0, Long.class))).map(id -> {
                S stored = entity.copy();
                stored.setId(id);
                return stored;
            });
        });
    }

    @Override
    public Mono<S> replace(long id, S entity) {
        return calls.statement(kind, "replace", connection -> shapes(ShapeColumns.bind(connection.createStatement(Shapes.REPLACE), 0, entity)
                .bind(PostgresSql.WRITTEN_COUNT, id).bind(PostgresSql.WRITTEN_COUNT + 1, kind)).singleOrEmpty());
    }

    @Override
    public Mono<Boolean> deleteById(long id) {
        return calls.statement(kind, "deleteById", connection -> rowsUpdated(connection.createStatement(Shapes.DELETE).bind(0, id).bind(1, kind))
                .map(deleted -> deleted > 0));
    }

    @Override
    public Mono<Void> deleteAll() {
        return calls.write(kind, "deleteAll", connection -> rowsUpdated(connection.createStatement(Shapes.DELETE_ALL).bind(0, kind)).then());
    }

    private Flux<S> shapes(Statement statement) {
        return Flux.from(statement.execute()).flatMap(result -> result.map(row -> type.cast(ShapeColumns.shape(row, 0))));
    }

    /**
     * The one value a statement answers. Every row is read (no early cancel): a query cut off mid-way would leave the
     * driver draining the rest while the transaction goes on.
     */
    static <R> Mono<R> single(Statement statement, Function<Result, Publisher<R>> read) {
        return Flux.from(statement.execute()).flatMap(read).single();
    }

    static Mono<Long> rowsUpdated(Statement statement) {
        return Flux.from(statement.execute()).flatMap(Result::getRowsUpdated).reduce(0L, Long::sum);
    }
}
