package dev.shapeslab.persistence.nonblocking;

import dev.shapeslab.domain.Identifiable;
import io.vertx.core.Future;
import java.util.List;
import java.util.Optional;

/**
 * The storage port of a Vert.x event loop: the operations of {@link dev.shapeslab.persistence.EntityStore}, each a
 * Vert.x {@link Future} that
 * completes on the calling event loop, which it never blocks; failures as {@link ReactiveEntityStore}'s.
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
