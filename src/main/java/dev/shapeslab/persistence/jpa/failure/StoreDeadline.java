package dev.shapeslab.persistence.jpa.failure;

import dev.shapeslab.domain.StoreOutcomeUnknownException;
import dev.shapeslab.persistence.OutageKinds;
import dev.shapeslab.persistence.OutageBreaker;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The one bound on a store call's time on the database ({@code request-timeout}), a deadline, since per-step timeouts
 * add up (docs/faults.md): when it passes, the connections the call holds are aborted ({@link ConnectionAborts}).
 * {@link #track(Connection)} ties each connection to the calling thread's call.
 *
 * <p>Every call has the same bound, so the calls in the order they began are in the order of their deadlines: one
 * expiry task at a time is armed, for the oldest (a task per call took the timer queue's lock twice a call, where
 * {@code virtual}'s threads queued). A call that ends leaves the line when the task reaches it.
 */
public final class StoreDeadline implements AutoCloseable {

    /** No deadline: for unit tests of the translation around it. */
    static final StoreDeadline NONE = new StoreDeadline(Duration.ZERO);

    private static final ThreadLocal<Call> CURRENT = new ThreadLocal<>();

    private final long nanos;
    private final ScheduledThreadPoolExecutor timer;
    /** The calls since the oldest one under way, in the order they began; only the timer's thread takes from it. */
    private final Queue<Call> line = new ConcurrentLinkedQueue<>();
    /** Whether an expiry task is scheduled: at most one is. */
    private final AtomicBoolean armed = new AtomicBoolean();

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
        Call current = new Call(System.nanoTime() + nanos);
        CURRENT.set(current);
        line.add(current);
        arm();
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
            current.finish();
            CURRENT.remove();
        }
    }

    /** Schedules the expiry of the oldest call, unless an expiry is scheduled already (it re-arms itself). */
    private void arm() {
        Call oldest = line.peek();
        if (oldest != null && armed.compareAndSet(false, true)) {
            timer.schedule(this::expireOverdue, Math.max(0, oldest.deadlineNanos - System.nanoTime()),
                    TimeUnit.NANOSECONDS);
        }
    }

    /** On the timer's thread: expires the calls whose time is up, oldest first, drops those that ended, re-arms. */
    private void expireOverdue() {
        armed.set(false); // first: a call that begins from now on may arm a task of its own
        long now = System.nanoTime();
        Call oldest;
        while ((oldest = line.peek()) != null && (oldest.finished || oldest.deadlineNanos - now <= 0)) {
            line.poll();
            oldest.expire();
        }
        arm();
    }

    /** Expiry tasks scheduled now: one at most, whatever the calls under way. */
    int scheduledExpiries() {
        return timer == null ? 0 : timer.getQueue().size();
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

        final long deadlineNanos;
        private final List<Connection> connections = new ArrayList<>(1);
        private boolean expired;
        /** Read without the lock by the expiry task, to drop a call that ended. */
        private volatile boolean finished;

        Call(long deadlineNanos) {
            this.deadlineNanos = deadlineNanos;
        }

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
