package dev.shapeslab.persistence;

import java.time.Duration;

/**
 * One store call's bound, {@code shapes.database.request-timeout} ({@link DatabaseTimeBounds#requestTimeout()}),
 * counted from the call's start on every backend, and the two ways it ends a call: without a connection
 * ({@link NoConnectionInTime}: the pool was busy, which says nothing of the database) or with one that did not answer
 * ({@link Passed}: the database did not answer in time). {@link OutageKinds} names both, for every driver. What a
 * deadline does to a connection is the driver's (JDBC: {@code StoreDeadline}, R2DBC: {@code StoreCalls}, the Vert.x
 * client: {@code PgClientCalls}), each on its own execution model's timer.
 */
public final class CallDeadline {

    private final Duration bound;
    private final long end;

    public CallDeadline(Duration bound) {
        this.bound = bound;
        this.end = System.nanoTime() + bound.toNanos();
    }

    public Duration bound() {
        return bound;
    }

    /** What is left of the bound; zero once it has passed. */
    public Duration remaining() {
        return Duration.ofNanos(Math.max(0, end - System.nanoTime()));
    }

    /**
     * No connection came within the bound: the pool was busy, or every connection hung. Told apart from a call that got
     * no answer on its connection, which alone says the database is unreachable (and makes the next calls fail fast): a
     * crowd that waits long for a connection of a healthy database must not turn away the calls after it.
     */
    public static final class NoConnectionInTime extends RuntimeException {
        public NoConnectionInTime(Duration bound) {
            super("no database connection within " + bound.toMillis() + " ms", null, false, false);
        }
    }

    /**
     * A store call's deadline passed and its connection was aborted: the database did not answer in time, whatever the
     * aborted connection then reported (its failure, the cause).
     */
    public static final class Passed extends RuntimeException {
        public Passed(Duration bound, Throwable cause) {
            super("the database did not answer within " + bound.toMillis() + " ms", cause);
        }
    }
}
