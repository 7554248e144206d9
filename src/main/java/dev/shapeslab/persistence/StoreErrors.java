package dev.shapeslab.persistence;

/**
 * What a driver's failures mean: the one part of naming a failed store call that each driver writes ({@code StoreOutages}
 * on JDBC, {@code Outages} on R2DBC, {@code PgClientOutages} on the Vert.x client); the rest is {@link OutageKinds}'.
 */
public interface StoreErrors {

    /** The outage (one of {@link OutageKinds}' names) that {@code failure} says by itself, not its causes; or null. */
    String kindHere(Throwable failure);

    /** Whether {@code failure} says that nothing of the call was sent, so that not even a COMMIT may have landed. */
    default boolean sentNothing(Throwable failure) {
        return false;
    }
}
