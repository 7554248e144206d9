package dev.shapeslab.persistence;

/**
 * What a driver's failures mean: the one part of naming a failed store call that each driver writes ({@code StoreOutages}
 * on JDBC, {@code Outages} on R2DBC, {@code PgClientOutages} on the Vert.x client). The walk through the causes, the
 * policy's own failures ({@link CallDeadline}) and what follows from a kind (a 503, an unknown outcome, a reason to fail
 * fast) are {@link OutageKinds}', written once for every driver.
 */
@FunctionalInterface
public interface StoreErrors {

    /** The outage (one of {@link OutageKinds}' names) that {@code failure} says by itself, not its causes; or null. */
    String kindHere(Throwable failure);

    /**
     * Whether {@code failure} says that nothing of the call was sent (a connection the pool had closed before), so that
     * not even a COMMIT may have landed, whatever else its causes say. None, unless a driver says so.
     */
    default boolean sentNothing(Throwable failure) {
        return false;
    }
}
