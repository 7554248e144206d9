package dev.shapeslab.persistence;

import dev.shapeslab.domain.Identifiable;
import io.vertx.core.Future;
import java.util.List;
import java.util.Optional;

/**
 * The storage port of a Vert.x event loop: the operations of {@link EntityStore}, each answered by a Vert.x
 * {@link Future}. Implemented on a database by {@code persistence.pgclient}; the {@code vertx} variant adapts the
 * other backends' blocking stores to it, on its worker pool.
 *
 * <p>Each call is one unit of work, started at once; entities are never shared with the store. <b>Context:</b> called
 * on an event loop, which it never blocks; its Future completes on that event loop. <b>Errors:</b> as
 * {@link ReactiveEntityStore}'s, as a failed Future; nothing is thrown.
 */
public interface VertxEntityStore<T extends Identifiable<T>> {

    String entityName();

    Future<List<T>> findPage(int offset, int limit);

    Future<Optional<T>> findById(long id);

    Future<T> insert(T entity);

    Future<Optional<T>> replace(long id, T entity);

    Future<Boolean> deleteById(long id);

    Future<Void> deleteAll();
}
