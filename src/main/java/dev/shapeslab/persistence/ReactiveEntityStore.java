package dev.shapeslab.persistence;

import dev.shapeslab.domain.Identifiable;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * The non-blocking storage port: the same operations as {@link EntityStore}, each answered by a {@link Mono}
 * instead of on the calling thread. One implementation, the {@code r2dbc} backend (PostgreSQL through
 * r2dbc-postgresql); the {@code async} and {@code rxjava} variants build on it there.
 *
 * <p>Every method is lazy: nothing is sent before a subscription, and each subscription is one unit of work (a
 * write is one transaction, a read one statement). Entities passed in or returned are never shared with the store.
 *
 * <p><b>Scheduler:</b> none of the caller's. The work waits on the database holding no thread, and the results are
 * signalled on the driver's event-loop threads, which must never block: a subscriber that blocks or does heavy work
 * moves to a thread of its own first ({@code publishOn}).
 * <b>Errors:</b> a database that cannot answer within {@code shapes.database.request-timeout} (down, hung, slow),
 * or a pool whose queue is full, signals {@link dev.shapeslab.domain.StoreUnavailableException}, and then nothing was
 * written; a commit whose answer was lost signals {@link dev.shapeslab.domain.StoreOutcomeUnknownException}; anything
 * else passes unchanged. <b>Cancelling</b> a subscription ends the work on the database too (a write that has not
 * committed is rolled back) and gives its connection back.
 *
 * @param <T> the entity type
 */
public interface ReactiveEntityStore<T extends Identifiable<T>> {

    /** The entity's name for messages, e.g. "circle". */
    String entityName();

    /** Up to {@code limit} entities ordered by id, skipping the first {@code offset}; one list, as a page is answered. */
    Mono<List<T>> findPage(int offset, int limit);

    /** Completes empty when there is no entity {@code id}. */
    Mono<T> findById(long id);

    /** Stores a new entity (its id must be null) and signals it with its generated ids. */
    Mono<T> insert(T entity);

    /** Replaces the client-writable fields of entity {@code id}; completes empty when there is no such entity. */
    Mono<T> replace(long id, T entity);

    /** Deletes entity {@code id} and everything it owns; false when there was no such entity. */
    Mono<Boolean> deleteById(long id);

    /** Deletes every entity of this type and everything they own. */
    Mono<Void> deleteAll();
}
