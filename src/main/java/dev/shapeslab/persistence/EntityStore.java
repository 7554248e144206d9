package dev.shapeslab.persistence;

import dev.shapeslab.domain.Identifiable;
import java.util.List;
import java.util.Optional;

/**
 * The blocking storage port every execution variant builds on. Each call is its own unit of work, on the calling
 * thread, which the variant chooses; entities passed in or returned are never shared with the store's state.
 */
public interface EntityStore<T extends Identifiable<T>> {

    /** The entity's name for messages, e.g. "circle". */
    String entityName();

    /** Up to {@code limit} entities ordered by id, skipping the first {@code offset}. */
    List<T> findPage(int offset, int limit);

    Optional<T> findById(long id);

    /** Stores a new entity (its id must be null) and returns it with its generated ids. */
    T insert(T entity);

    /** Replaces the client-writable fields of entity {@code id}; empty when there is no such entity. */
    Optional<T> replace(long id, T entity);

    /** Deletes entity {@code id} and everything it owns; false when there was no such entity. */
    boolean deleteById(long id);

    /** Deletes every entity of this type and everything they own. */
    void deleteAll();
}
