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
 * The one bound on a store call's time on the database ({@code request-timeout}), a deadline, since per-step timeouts
 * add up (docs/faults.md): when it passes, the connections the call holds are aborted ({@link ConnectionAborts}).
 * {@link #track(Connection)} ties each connection to the calling thread's call.
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
     * Runs {@code call} within the deadline (a nested call within the outer one's). <b>Errors:</b> what it throws, or a
     * {@link OutageKinds.DeadlinePassed} if its connection was aborted, unless a commit may have landed.
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

    /** Unties {@code connection} from the thread's call: Hikari is taking it back and may lend it on at once. */
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
         * The call each connection serves now: a deadline aborts only those its call still owns. No monitor: under
         * {@code virtual} its next owner starved (docs/notebook/2026-11-26-virtual-threads-and-the-scheduler-queues.md).
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
