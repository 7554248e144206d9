package dev.shapeslab.web;

import com.netflix.concurrency.limits.Limiter;
import com.netflix.concurrency.limits.limiter.SimpleLimiter;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A bound on the requests in flight, whatever holds them (a platform thread in plain and rxjava, a virtual
 * thread, or a suspended async response that holds no thread), with a queue in front of it that tells a
 * crowd from an overload.
 *
 * <p>A request past the bound waits for a place, in arrival order, for at most {@code max-wait}; it is
 * answered 503 problem+json with {@code Retry-After} only when it has waited that long, or when
 * {@code max-queue} requests are waiting already. A closed loop of clients keeps one request per client in
 * flight whenever the server is the bottleneck, so a bound that refused at once would turn away ordinary load
 * the server answers within a second. Waiting costs no thread in any variant: the request is suspended with
 * the Servlet API's asynchronous mode before Jersey reads it (Jetty's QoS filter does the same), and
 * dispatched again on the container's executor when a place is free, so it then runs on the thread its
 * variant promises (a Tomcat request thread, or a new virtual thread). A waiting request keeps its Tomcat
 * request processor and nothing else.
 *
 * <p>It is a Tomcat valve of the application's context, not a servlet filter: a valve runs before Tomcat
 * builds the request's filter chain, which looks up the chain's filters under the context's monitors. Under
 * {@code virtual} every request, waiting ones included and again when admitted, convoyed there behind the
 * runnable virtual threads in a cold JVM (docs/results.md, Admission); ahead of the chain, only admitted
 * requests reach those monitors. Arrival order, not last-in-first-out (as in Netflix's
 * {@code LifoBlockingLimiter}), because order is what keeps the promise: while places free up faster than
 * {@code max-wait}, no request waits longer; under LIFO the oldest could be passed over until it timed out.
 *
 * <p>A request counts until its response is complete: for a suspended response that is when the async
 * cycle ends, not when its pass through this valve returns (which is why Netflix's own servlet filter, which releases on
 * return, would not bound the async variant). The limiter is Netflix's concurrency-limits: {@code fixed}
 * (the default, a plain bound, which keeps the lab's comparisons about the execution models) or
 * {@code gradient2} (adapts the bound to measured latency, up to {@code max-in-flight}).
 *
 * <p>A rejected request never reaches Jersey, so it never writes: its body is not even read.
 */
public class AdmissionControl extends ValveBase implements Admission {

    private static final Logger log = LoggerFactory.getLogger(AdmissionControl.class);

    /** The place a waiting request was given, handed from {@link #admitWaiting()} to its second dispatch. */
    private static final String PLACE = AdmissionControl.class.getName() + ".place";

    /** How often Tomcat checks its async timeouts. */
    private static final long TOMCAT_TIMEOUT_GRAIN_MILLIS = 1000;

    private final SimpleLimiter<HttpServletRequest> limiter;
    private final int maxQueue;
    private final long maxWaitMillis;
    private final Queue<Waiter> queue = new ConcurrentLinkedQueue<>();
    /** Requests waiting, counted from the moment their place in the queue is reserved until they leave it. */
    private final AtomicInteger waiting = new AtomicInteger();
    private final AtomicLong rejected = new AtomicLong();
    private final AtomicLong waited = new AtomicLong();
    private final AtomicLong timedOut = new AtomicLong();
    /**
     * Ends the waits that last {@code max-wait}. Tomcat's own async timeouts are checked once a second, which
     * would let a wait run up to a second long; they stay as a backstop. Every wait has the same bound and the
     * queue is in arrival order, so the oldest waiter's deadline comes first: one expiry task at a time is armed,
     * for the queue's head, and re-arms itself for the next head. A request that starts to wait only arms it when
     * none is armed, and an admitted one has nothing to cancel: under {@code virtual}, a timer task per waiter had
     * every waiting virtual thread take the timer queue's lock, and those parked on it were woken from other
     * scheduler queues, where they starved (docs/notebook/2026-11-26-virtual-threads-and-the-scheduler-queues.md).
     */
    private final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, task -> {
        Thread thread = new Thread(task, "admission-wait-timer");
        thread.setDaemon(true);
        return thread;
    });

    /** Where a place is handed on to a waiting request: see {@link #AdmissionControl(AdmissionSettings, boolean)}. */
    private final Executor releases;
    /** Admission's own platform thread for that under virtual threads, apart from the timer's queue of expiries. */
    private final ExecutorService handOver = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "admission-hand-over");
        thread.setDaemon(true);
        return thread;
    });

    /** Whether an expiry task is scheduled: at most one is. */
    private final AtomicBoolean expiryArmed = new AtomicBoolean();

    public AdmissionControl(AdmissionSettings settings) {
        this(settings, false);
    }

    /**
     * {@code virtualThreads}: Tomcat runs requests on virtual threads. A place is then handed on to a waiting
     * request from this valve's own platform thread: from the virtual thread whose request ended, the next request's
     * thread would start on the same carrier, which runs it before anything else, and such chains starved the
     * virtual threads woken from other queues (docs/notebook/2026-11-26-virtual-threads-and-the-scheduler-queues.md).
     */
    public AdmissionControl(AdmissionSettings settings, boolean virtualThreads) {
        super(true); // a waiting request is suspended here, and admitted ones may be suspended behind
        this.releases = virtualThreads ? handOver : Runnable::run;
        this.limiter = SimpleLimiter.newBuilder().named("requests").limit(settings.newLimit()).build();
        this.maxQueue = settings.maxQueue();
        this.maxWaitMillis = settings.maxWait().toMillis();
    }

    @Override
    protected void stopInternal() throws LifecycleException {
        timer.shutdownNow();
        handOver.shutdownNow();
        super.stopInternal();
    }

    /** The bound on requests in flight now (fixed, or where the adaptive algorithm has put it). */
    @Override
    public int limit() {
        return limiter.getLimit();
    }

    /** Requests admitted and not yet complete. */
    @Override
    public int inFlight() {
        return limiter.getInflight();
    }

    /** Requests waiting for a place now. */
    @Override
    public int waiting() {
        return waiting.get();
    }

    /** Requests answered 503 here since start: the queue was full, or they waited {@code max-wait}. */
    @Override
    public long rejected() {
        return rejected.get();
    }

    /** Requests admitted after waiting for a place, since start. */
    @Override
    public long waited() {
        return waited.get();
    }

    /** Requests answered 503 after waiting {@code max-wait} for a place, since start (part of {@link #rejected()}). */
    @Override
    public long timedOut() {
        return timedOut.get();
    }

    /** What comes after admission: the rest of the context's pipeline, Jersey at its end. */
    @FunctionalInterface
    interface Next {
        void invoke() throws IOException, ServletException;
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        admit(request, response, request.isAsyncDispatching(), () -> getNext().invoke(request, response));
    }

    /**
     * Serves the request now, queues it, or answers 503. {@code dispatchedAgain}: the container runs the request
     * through the pipeline once more, after an asynchronous dispatch (a waiting request that was admitted, with its
     * place attached, or one that was admitted on its first pass).
     */
    void admit(HttpServletRequest request, HttpServletResponse response, boolean dispatchedAgain, Next next)
            throws IOException, ServletException {
        if (request.getAttribute(PLACE) instanceof Limiter.Listener place) {
            request.removeAttribute(PLACE);
            serve(request, response, next, place);
            return;
        }
        if (dispatchedAgain) {
            next.invoke(); // admitted on its first pass, counted until its cycle ends
            return;
        }
        // Those waiting go first: a new request takes a free place only when nobody waits for it.
        Optional<Limiter.Listener> place = waiting.get() == 0 ? limiter.acquire(request) : Optional.empty();
        if (place.isPresent()) {
            serve(request, response, next, place.get());
        } else if (reserveWaitingPlace()) {
            AsyncContext context = request.startAsync();
            context.setTimeout(maxWaitMillis + TOMCAT_TIMEOUT_GRAIN_MILLIS);
            Waiter waiter = new Waiter(context, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(maxWaitMillis));
            context.addListener(waiter);
            queue.add(waiter);
            armExpiry();
            admitWaiting(); // a place may have come free since the attempt above
        } else {
            reject(request, response, "queue full");
        }
    }

    /** Schedules the expiry of the queue's head, unless an expiry is scheduled already (it re-arms itself). */
    private void armExpiry() {
        Waiter head = queue.peek();
        if (head != null && expiryArmed.compareAndSet(false, true)) {
            long delay = Math.max(0, head.deadlineNanos - System.nanoTime());
            timer.schedule(this::expireOverdue, delay, TimeUnit.NANOSECONDS);
        }
    }

    /** On the timer's thread: turns away every waiter whose time is up, oldest first, then arms for the next. */
    private void expireOverdue() {
        expiryArmed.set(false); // first: a waiter queued from now on may arm a task of its own
        long now = System.nanoTime();
        Waiter head;
        while ((head = queue.peek()) != null && (head.hasLeft() || head.deadlineNanos - now <= 0)) {
            if (queue.remove(head) && head.leave()) {
                try {
                    head.turnAway();
                } catch (RuntimeException e) { // its cycle may have ended meanwhile; the waiters behind go on
                    log.warn("Could not turn away a request that waited {} ms", maxWaitMillis, e);
                }
            }
        }
        armExpiry();
    }

    private boolean reserveWaitingPlace() {
        int now;
        do {
            now = waiting.get();
            if (now >= maxQueue) {
                return false;
            }
        } while (!waiting.compareAndSet(now, now + 1));
        return true;
    }

    private void serve(HttpServletRequest request, HttpServletResponse response, Next next, Limiter.Listener place)
            throws ServletException, IOException {
        Release release = new Release(place, response);
        try {
            next.invoke();
        } finally {
            if (request.isAsyncStarted()) {
                request.getAsyncContext().addListener(release);
            } else {
                release.run();
            }
        }
    }

    /** Gives free places to waiting requests, oldest first, until either runs out. */
    private void admitWaiting() {
        while (waiting.get() > 0) {
            Optional<Limiter.Listener> place = limiter.acquire(null);
            if (place.isEmpty()) {
                return;
            }
            Waiter next = queue.poll();
            if (next == null || !next.admit(place.get())) {
                // Reserved but not queued yet (its request calls this method once queued), or gone meanwhile.
                place.get().onIgnore();
                if (next == null) {
                    return;
                }
            }
        }
    }

    private void reject(HttpServletRequest request, HttpServletResponse response, String reason) throws IOException {
        AdmissionRejectedEvent event = new AdmissionRejectedEvent();
        if (event.shouldCommit()) {
            event.path = request.getRequestURI();
            event.inFlight = inFlight();
            event.waiting = waiting();
            event.reason = reason;
            event.commit();
        }
        if (rejected.incrementAndGet() % 10_000 == 1) {
            log.warn("At capacity: answering 503 ({}) with {} requests in flight and {} waiting ({} so far)",
                    reason, inFlight(), waiting(), rejected.get());
        }
        byte[] body = Problem.of(503, "The service is at capacity; retry shortly", request.getRequestURI())
                .toJson().getBytes(StandardCharsets.UTF_8);
        response.setStatus(503);
        response.setHeader("Retry-After", Long.toString(Problem.RETRY_AFTER_SECONDS));
        response.setContentType(Problem.MEDIA_TYPE);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    /**
     * A suspended request waiting for a place. It leaves the queue once: admitted, timed out, or gone with its
     * client; whichever comes first wins, and the others find it gone.
     */
    private final class Waiter implements AsyncListener {
        private final AsyncContext context;
        private final AtomicBoolean left = new AtomicBoolean();
        /** When it has waited {@code max-wait} ({@link System#nanoTime()}). */
        private final long deadlineNanos;

        Waiter(AsyncContext context, long deadlineNanos) {
            this.context = context;
            this.deadlineNanos = deadlineNanos;
        }

        boolean hasLeft() {
            return left.get();
        }

        boolean admit(Limiter.Listener place) {
            if (!leave()) {
                return false;
            }
            try {
                context.getRequest().setAttribute(PLACE, place);
                context.dispatch();
            } catch (IllegalStateException completed) {
                // Its client went away as it was admitted: Tomcat ended the cycle before telling this listener.
                return false;
            }
            waited.incrementAndGet();
            return true;
        }

        private boolean leave() {
            if (!left.compareAndSet(false, true)) {
                return false;
            }
            waiting.decrementAndGet();
            return true;
        }

        /** Tomcat's own timeout, the backstop: see {@link #timer}. */
        @Override
        public void onTimeout(AsyncEvent event) {
            if (leave()) {
                queue.remove(this);
                turnAway();
            }
        }

        void turnAway() {
            try {
                reject((HttpServletRequest) context.getRequest(), (HttpServletResponse) context.getResponse(),
                        "waited " + maxWaitMillis + " ms");
            } catch (IOException clientGone) {
                // nothing more to answer; the cycle still ends
            }
            context.complete();
            timedOut.incrementAndGet();
        }

        @Override
        public void onError(AsyncEvent event) {
            if (leave()) {
                queue.remove(this);
            }
        }

        @Override
        public void onComplete(AsyncEvent event) {
            onError(event);
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
        }
    }

    /** Gives the request's place back once, when its response is complete, and hands it to a waiting request. */
    private final class Release implements AsyncListener, Runnable {
        private final Limiter.Listener place;
        private final HttpServletResponse response;
        private final AtomicBoolean done = new AtomicBoolean();

        Release(Limiter.Listener place, HttpServletResponse response) {
            this.place = place;
            this.response = response;
        }

        /**
         * The place is given back at once, on the thread that ends the request; only handing it on to a waiting
         * request goes through {@link #releases}, and only when one waits (one that starts to wait later admits
         * itself if a place is free). Given back on the hand-over thread too, places stayed counted in flight for as
         * long as its queue was long, and turned new requests away at C10k (docs/results.md, C10k).
         */
        @Override
        public void run() {
            if (done.compareAndSet(false, true)) {
                if (response.getStatus() < 500) { // read now: Tomcat recycles the response
                    place.onSuccess();
                } else {
                    place.onIgnore();
                }
                if (waiting.get() > 0) {
                    releases.execute(AdmissionControl.this::admitWaiting);
                }
            }
        }

        @Override public void onComplete(AsyncEvent event) { run(); }
        @Override public void onTimeout(AsyncEvent event) { run(); }
        @Override public void onError(AsyncEvent event) { run(); }
        @Override public void onStartAsync(AsyncEvent event) { }
    }
}
