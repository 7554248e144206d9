package dev.shapeslab.persistence.nonblocking;

import dev.shapeslab.domain.Identifiable;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * The non-blocking storage port: the operations of {@link dev.shapeslab.persistence.EntityStore}, each a lazy
 * {@link Mono}, implemented by
 * {@code r2dbc}. <b>Scheduler:</b> results come on the driver's event loops, which must never block.
 * <b>Errors:</b> no answer in time or a full pool is a {@link dev.shapeslab.domain.StoreUnavailableException} (nothing
 * written), a lost commit answer a {@link dev.shapeslab.domain.StoreOutcomeUnknownException}. <b>Cancelling</b> ends
 * the work on the database too.
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
