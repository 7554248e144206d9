package dev.shapeslab.web.admission;

import com.netflix.concurrency.limits.Limiter;
import com.netflix.concurrency.limits.limiter.SimpleLimiter;
import java.time.Duration;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Admission control's bound and queue, whichever server it guards: it decides which request is served, which waits,
 * in arrival order for at most {@code max-wait}, and which is turned away. Arrival order, not LIFO, keeps the promise:
 * while places free up faster than {@code max-wait}, nobody waits longer (docs/faults.md, "A crowd waits its turn").
 * One expiry task per line is armed at a time: a task per waiter starved {@code virtual}'s threads on the timer's lock.
 */
public final class AdmissionQueue {

    private static final Logger log = LoggerFactory.getLogger(AdmissionQueue.class);

    /** Why a request past the full queue is turned away, for its 503's JFR event and log line. */
    public static final String QUEUE_FULL = "queue full";

    private final SimpleLimiter<Void> limiter;
    private final int maxQueue;
    /** Requests waiting for a place, in arrival order, each until it is admitted or {@code max-wait} has passed. */
    private final Line queue;
    /** Requests waiting, counted from the moment their place in the queue is reserved until they leave it. */
    private final AtomicInteger waiting = new AtomicInteger();
    /** Requests that found the queue full, in arrival order, each until {@code refusal-delay} has passed. */
    private final Line refusals;
    private final AtomicInteger refusing = new AtomicInteger();
    private final AtomicLong rejected = new AtomicLong();
    private final AtomicLong waited = new AtomicLong();
    private final AtomicLong timedOut = new AtomicLong();
    private final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, daemon("admission-wait-timer"));
    /** Where a place given back is handed on to a waiting request: admission's own thread under virtual threads, else inline. */
    private final Executor handOn;

    public AdmissionQueue(AdmissionSettings settings) {
        this(settings, false);
    }

    /**
     * {@code virtualThreads}: a place is then handed on from the queue's own platform thread, not from the ending
     * request's virtual thread, whose carrier would run the next one first and starve the others
     * (docs/notebook/2026-11-26-virtual-threads-and-the-scheduler-queues.md).
     */
    public AdmissionQueue(AdmissionSettings settings, boolean virtualThreads) {
        this.limiter = SimpleLimiter.newBuilder().named("requests").limit(settings.newLimit()).build();
        this.maxQueue = settings.maxQueue();
        this.queue = new Line(settings.maxWait(), "waited " + settings.maxWait().toMillis() + " ms");
        this.refusals = new Line(settings.refusalDelay(), QUEUE_FULL);
        this.handOn = virtualThreads ? Executors.newSingleThreadExecutor(daemon("admission-hand-over")) : Runnable::run;
        log.info("Admission: at most {} requests in flight ({}); {} more wait up to {} ms for a place, in arrival "
                + "order; beyond, 503 with Retry-After, answered after {} ms", settings.maxInFlight(),
                settings.algorithm(), settings.maxQueue(), settings.maxWait().toMillis(),
                settings.refusalDelay().toMillis());
    }

    /** A place for a new request, if one is free and nobody waits for it. */
    public Optional<Limiter.Listener> tryAdmit() {
        return waiting.get() == 0 ? limiter.acquire(null) : Optional.empty();
    }

    /**
     * Whether a request that found no free place is refused at once ({@code max-queue} wait, no refusal delay), where it
     * stands; one that passes just as the queue fills is refused by {@link #await(Waiter)}.
     */
    public boolean refusesAtOnce() {
        return refusals.delayNanos == 0 && waiting.get() >= maxQueue;
    }

    /**
     * Holds a request that found no free place, once its server has suspended it, in the queue or, past it, until
     * {@code refusal-delay}. Either way it is answered once.
     */
    public void await(Waiter waiter) {
        if (waiter.in == refusals && refusals.delayNanos == 0) {
            if (waiter.leave()) {
                waiter.turnAway(refusals.reason);
            }
            return;
        }
        waiter.in.hold(waiter);
        if (waiter.in == queue) {
            admitWaiting(); // a place may have come free since the request found none
        }
    }

    private boolean reserveWaitingPlace() {
        return waiting.getAndUpdate(now -> now < maxQueue ? now + 1 : now) < maxQueue;
    }

    /**
     * Gives a request's place back once its response is complete (a success unless the answer was a server error),
     * and hands it on to a waiting request, if one waits (one that starts to wait later admits itself).
     */
    public void release(Limiter.Listener place, int status) {
        if (status < 500) {
            place.onSuccess();
        } else {
            place.onIgnore();
        }
        if (waiting.get() > 0) {
            handOn.execute(this::admitWaiting);
        }
    }

    /** Counts a 503 of admission, logs one in 10,000 and records the JFR event. */
    public void rejected(String path, String reason) {
        AdmissionRejectedEvent event = new AdmissionRejectedEvent();
        if (event.shouldCommit()) {
            event.path = path;
            event.inFlight = inFlight();
            event.waiting = waiting();
            event.reason = reason;
            event.commit();
        }
        if (rejected.incrementAndGet() % 10_000 == 1) {
            log.warn("At capacity: answering 503 ({}) with {} requests in flight and {} waiting ({} so far)",
                    reason, inFlight(), waiting(), rejected.get());
        }
    }

    /** Stops the timer and the hand-over thread. */
    public void close() {
        timer.shutdownNow();
        if (handOn instanceof ExecutorService handOver) {
            handOver.shutdownNow();
        }
    }

    private static ThreadFactory daemon(String name) {
        return task -> {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            return thread;
        };
    }

    /** Gives free places to waiting requests, oldest first, until either runs out. */
    private void admitWaiting() {
        while (waiting.get() > 0) {
            Optional<Limiter.Listener> place = limiter.acquire(null);
            if (place.isEmpty()) {
                return;
            }
            Waiter next = queue.entries.poll();
            if (next == null || !next.admit(place.get())) {
                // Reserved but not queued yet (its request calls this method once queued), or gone meanwhile.
                place.get().onIgnore();
                if (next == null) {
                    return;
                }
            }
        }
    }

    /** Requests held for the same time, in arrival order, turned away in that order as their time runs out. */
    private final class Line {
        final Queue<Waiter> entries = new ConcurrentLinkedQueue<>();
        final long delayNanos;
        /** Why its requests are turned away, for their 503. */
        final String reason;
        /** Whether an expiry task is scheduled for it: at most one is. */
        private final AtomicBoolean armed = new AtomicBoolean();

        Line(Duration delay, String reason) {
            this.delayNanos = delay.toNanos();
            this.reason = reason;
        }

        void hold(Waiter waiter) {
            entries.add(waiter);
            arm();
        }

        /** Schedules the expiry of its head, unless one is scheduled already (it re-arms itself). */
        private void arm() {
            Waiter head = entries.peek();
            if (head != null && armed.compareAndSet(false, true)) {
                long delay = Math.max(0, head.deadlineNanos - System.nanoTime());
                timer.schedule(this::expireOverdue, delay, TimeUnit.NANOSECONDS);
            }
        }

        /** On the timer's thread: turns away every entry whose time is up, oldest first, then arms for the next. */
        private void expireOverdue() {
            armed.set(false); // first: a request held from now on may arm a task of its own
            long now = System.nanoTime();
            Waiter head;
            while ((head = entries.peek()) != null && (head.left.get() || head.deadlineNanos - now <= 0)) {
                if (entries.remove(head) && head.leave()) {
                    if (this == queue) {
                        timedOut.incrementAndGet(); // before its 503: whoever sees the answer also sees it counted
                    }
                    try {
                        head.turnAway(reason);
                    } catch (RuntimeException e) { // its request may have ended meanwhile; the entries behind go on
                        log.warn("Could not turn away a request ({})", reason, e);
                    }
                }
            }
            arm();
        }
    }

    // The figures, each described where Admission publishes it as a meter.
    public int limit() {
        return limiter.getLimit();
    }

    public int inFlight() {
        return limiter.getInflight();
    }

    public int waiting() {
        return waiting.get();
    }

    public int refusing() {
        return refusing.get();
    }

    public long rejected() {
        return rejected.get();
    }

    public long waited() {
        return waited.get();
    }

    public long timedOut() {
        return timedOut.get();
    }

    /**
     * A request held by its server while it waits for a place or for its refusal. It leaves its queue once: admitted,
     * turned away, or gone with its client; whichever comes first wins, and the others find it gone.
     */
    public abstract class Waiter {
        private final AtomicBoolean left = new AtomicBoolean();
        /** The line it joins: waiting for a place, if fewer than {@code max-queue} wait, or for its refusal. */
        private final Line in;
        /** When its time in that line is up ({@link System#nanoTime()}). */
        private final long deadlineNanos;

        /** A request that found no free place, as it arrives: it takes a place in the queue, or is to be refused. */
        protected Waiter() {
            if (reserveWaitingPlace()) {
                in = queue;
            } else {
                refusing.incrementAndGet();
                in = refusals;
            }
            deadlineNanos = System.nanoTime() + in.delayNanos;
        }

        /**
         * Goes on with the place it was given, on the thread its server serves it on; false when its request is gone
         * after all (the place is then given to the next).
         */
        protected abstract boolean resume(Limiter.Listener place);

        /** Answers 503, for {@code reason}: it waited {@code max-wait}, or the queue was full when it came. */
        protected abstract void turnAway(String reason);

        /** Its client went away, or its server ended it: it leaves its queue, if it is still there. */
        public final void leaveGone() {
            if (leave()) {
                in.entries.remove(this);
            }
        }

        private boolean admit(Limiter.Listener place) {
            if (!leave()) {
                return false;
            }
            if (!resume(place)) {
                return false;
            }
            waited.incrementAndGet();
            return true;
        }

        private boolean leave() {
            if (!left.compareAndSet(false, true)) {
                return false;
            }
            (in == queue ? waiting : refusing).decrementAndGet();
            return true;
        }
    }
}
