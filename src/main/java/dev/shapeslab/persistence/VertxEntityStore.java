package dev.shapeslab.persistence;

import dev.shapeslab.domain.Identifiable;
import io.vertx.core.Future;
import java.util.List;
import java.util.Optional;

/**
 * The storage port of a Vert.x event loop: the operations of {@link EntityStore}, each answered by a Vert.x
 * {@link Future} instead of on the calling thread. Its implementation on a database is backend {@code pg} under
 * variant {@code vertx} (the Vert.x PostgreSQL client, {@code persistence.pgclient}); the {@code vertx} variant adapts
 * its other backends' blocking stores to it, each call on its worker pool.
 *
 * <p>Each call is one unit of work (a write is one transaction, a read one statement), started at once; entities
 * passed in or returned are never shared with the store.
 *
 * <p><b>Context:</b> called on a Vert.x event loop, which the call never blocks; it holds no thread while it waits,
 * and its Future is completed on the calling event loop. <b>Errors:</b> a database that cannot answer within
 * {@code shapes.database.request-timeout} (down, hung, slow), or a pool whose queue is full, fails the Future with
 * {@link dev.shapeslab.domain.StoreUnavailableException}, and then nothing was written; a commit whose answer was lost
 * fails it with {@link dev.shapeslab.domain.StoreOutcomeUnknownException}; anything else passes unchanged. Nothing is
 * thrown.
 *
 * @param <T> the entity type
 */
public interface VertxEntityStore<T extends Identifiable<T>> {

    /** The entity's name for messages, e.g. "circle". */
    String entityName();

    /** Up to {@code limit} entities ordered by id, skipping the first {@code offset}. */
    Future<List<T>> findPage(int offset, int limit);

    Future<Optional<T>> findById(long id);

    /** Stores a new entity (its id must be null) and answers it with its generated ids. */
    Future<T> insert(T entity);

    /** Replaces the client-writable fields of entity {@code id}; empty when there is no such entity. */
    Future<Optional<T>> replace(long id, T entity);

    /** Deletes entity {@code id} and everything it owns; false when there was no such entity. */
    Future<Boolean> deleteById(long id);

    /** Deletes every entity of this type and everything they own. */
    Future<Void> deleteAll();
}
