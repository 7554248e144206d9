package dev.shapeslab.persistence;

import dev.shapeslab.domain.Identifiable;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * The non-blocking storage port: the operations of {@link EntityStore}, each answered by a {@link Mono}. Implemented
 * by the {@code r2dbc} backend; {@code async} and {@code rxjava} build on it there.
 *
 * <p>Every method is lazy and each subscription one unit of work; entities are never shared with the store.
 * <b>Scheduler:</b> results are signalled on the driver's event loops, which must never block: a subscriber that
 * blocks moves off first ({@code publishOn}). <b>Errors:</b> a database that cannot answer in time, or a full pool,
 * signals {@link dev.shapeslab.domain.StoreUnavailableException} (nothing written); a lost commit answer
 * {@link dev.shapeslab.domain.StoreOutcomeUnknownException}; anything else passes unchanged. <b>Cancelling</b> ends
 * the work on the database too (an uncommitted write is rolled back).
 */
public interface ReactiveEntityStore<T extends Identifiable<T>> {

    String entityName();

    Mono<List<T>> findPage(int offset, int limit);

    Mono<T> findById(long id);

    Mono<T> insert(T entity);

    Mono<T> replace(long id, T entity);

    Mono<Boolean> deleteById(long id);

    Mono<Void> deleteAll();
}
