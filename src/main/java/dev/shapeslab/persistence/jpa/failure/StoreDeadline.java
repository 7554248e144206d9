package dev.shapeslab.persistence.jpa.failure;

import dev.shapeslab.domain.StoreOutcomeUnknownException;
import dev.shapeslab.persistence.OutageKinds;
import dev.shapeslab.persistence.OutageBreaker;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The one bound on the time a store call may spend on the database ({@code shapes.database.request-timeout}), the
 * innermost step of the {@link StoreCallChain}: when it passes, the connection the call is using is aborted
 * ({@link ConnectionAborts}), which ends whatever the thread is blocked in and fails every later use of it.
 *
 * <p>A deadline, not per-step timeouts, because those add up over a call's round trips (docs/faults.md, "Every
 * request is bounded"). Every physical connection is handed out through {@link #track(Connection)}
 * ({@link DeadlineDataSource}), which ties it to the calling thread's store call; a call past its deadline has any
 * connection it touches aborted on the spot.
 */
public final class StoreDeadline implements AutoCloseable {

    /** No deadline: for unit tests of the translation around it. */
    static final StoreDeadline NONE = new StoreDeadline(Duration.ZERO);

    private static final ThreadLocal<Call> CURRENT = new ThreadLocal<>();

    private final long nanos;
    private final ScheduledThreadPoolExecutor timer;

    StoreDeadline(Duration bound) {
        this.nanos = bound.toNanos();
        if (nanos <= 0) {
            timer = null;
            return;
        }
        timer = new ScheduledThreadPoolExecutor(1, work -> {
            Thread thread = new Thread(work, "store-deadline");
            thread.setDaemon(true);
            return thread;
        });
        // Almost every call ends before its deadline: cancelled entries must not pile up in the queue.
        timer.setRemoveOnCancelPolicy(true);
    }

    public Duration bound() {
        return Duration.ofNanos(nanos);
    }

    /**
     * Runs {@code call} (the rest of a store call: its transaction and the store) within the deadline. A nested store call runs within the outer
     * one's. <b>Errors:</b> what the call throws; if its connection was aborted at the deadline, a
     * {@link OutageKinds.DeadlinePassed} with the driver's failure as cause, except for a commit that may have landed
     * ({@link StoreOutcomeUnknownException} stays what it is: a deadline does not make it a refusal).
     */
    Object bound(OutageBreaker.Call call) throws Throwable {
        if (timer == null || CURRENT.get() != null) {
            return call.proceed();
        }
        Call current = new Call();
        CURRENT.set(current);
        ScheduledFuture<?> expiry = timer.schedule(current::expire, nanos, TimeUnit.NANOSECONDS);
        try {
            return call.proceed();
        } catch (StoreOutcomeUnknownException unknown) {
            throw unknown;
        } catch (RuntimeException failure) {
            if (current.expired()) {
                throw new OutageKinds.DeadlinePassed(bound(), failure);
            }
            throw failure;
        } finally {
            expiry.cancel(false);
            current.finish();
            CURRENT.remove();
        }
    }

    /** Whether the current thread's store call has passed its deadline (and its connections were aborted). */
    static boolean passed() {
        Call call = CURRENT.get();
        return call != null && call.expired();
    }

    /** Ties {@code connection} to the current thread's store call, if any; aborts it if that call's time is up. */
    static void track(Connection connection) {
        Call call = CURRENT.get();
        if (call != null) {
            call.attach(connection);
        }
    }

    /**
     * Unties {@code connection} from the current thread's store call: the pool is about to take it back (Hikari's
     * last step in closing a connection it lent, {@code clearWarnings}, runs on the borrower's thread), and
     * may hand it to another call at once. An embedded session leaves without a cancel of ours on it.
     */
    static void release(Connection connection) {
        Call call = CURRENT.get();
        if (call != null) {
            call.release(connection);
        } else {
            ConnectionAborts.dropCancel(connection);
        }
    }

    @Override
    public void close() {
        if (timer != null) {
            timer.shutdownNow();
        }
    }

    /** One store call: the physical connections it has used, and whether its time is up. */
    static final class Call {

        /**
         * The call each physical connection serves now: a call gives its connection back before it ends here, so a
         * deadline aborts only the connections its call still owns. Keyed by identity, and without a monitor: under
         * {@code virtual} a contended monitor's next owner starved
         * (docs/notebook/2026-11-26-virtual-threads-and-the-scheduler-queues.md).
         */
        private static final Map<Identity, Call> OWNERS = new ConcurrentHashMap<>();

        private final List<Connection> connections = new ArrayList<>(1);
        private boolean expired;
        private boolean finished;

        synchronized void attach(Connection connection) {
            if (finished) {
                return;
            }
            for (Connection known : connections) {
                if (known == connection) { // identity: a driver's equals is no business of ours
                    return;
                }
            }
            connections.add(connection);
            OWNERS.put(new Identity(connection), this);
            if (expired) {
                ConnectionAborts.abort(connection);
            }
        }

        /** On the timer thread. A finished call's connections are back in the pool (maybe in use elsewhere): untouched. */
        synchronized void expire() {
            if (finished) {
                return;
            }
            expired = true;
            for (Connection connection : connections) {
                if (OWNERS.get(new Identity(connection)) == this) {
                    ConnectionAborts.abort(connection);
                }
            }
        }

        /** The call gives {@code connection} back to the pool: see {@link ConnectionAborts#dropCancel}. */
        synchronized void release(Connection connection) {
            connections.removeIf(known -> known == connection);
            OWNERS.remove(new Identity(connection), this);
            ConnectionAborts.dropCancel(connection);
        }

        synchronized boolean expired() {
            return expired;
        }

        synchronized void finish() {
            finished = true;
            connections.forEach(connection -> OWNERS.remove(new Identity(connection), this));
            connections.clear();
        }
    }

    /** A connection as a map key by identity. */
    private record Identity(Connection connection) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Identity that && that.connection == connection;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(connection);
        }
    }
}
