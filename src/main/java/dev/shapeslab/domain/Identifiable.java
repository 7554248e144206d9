package dev.shapeslab.domain;

import java.time.Instant;

/**
 * An entity with a server-assigned id: {@code null} until it is stored.
 *
 * @param <T> the entity's own type, so that {@link #updateFrom} and {@link #copy} stay typed
 */
public interface Identifiable<T extends Identifiable<T>> {

    Long getId();

    void setId(Long id);

    /** Sets the fields the server owns on creation (for example a creation date); ids come from the store. */
    default void initialiseForCreation(Instant now) {
    }

    /** Copies every client-writable field of {@code source} into this entity; its id and server-set fields stay. */
    void updateFrom(T source);

    /** A deep copy, ids included, that shares no mutable state with this entity. */
    T copy();
}
