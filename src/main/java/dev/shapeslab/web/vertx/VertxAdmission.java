package dev.shapeslab.web.vertx;

import com.netflix.concurrency.limits.Limiter;
import com.netflix.concurrency.limits.limiter.SimpleLimiter;
import dev.shapeslab.web.Admission;
import dev.shapeslab.web.AdmissionControl;
import dev.shapeslab.web.AdmissionRejectedEvent;
import dev.shapeslab.web.AdmissionSettings;
import io.vertx.core.Context;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link AdmissionControl}'s bound and queue as the first handler of the Vert.x Web router, with the same settings
 * and meaning: at most {@code max-in-flight} requests are served at once, up to {@code max-queue} more wait for a
 * place in arrival order for at most {@code max-wait}, and past either the answer is 503 problem+json with
 * {@code Retry-After}, written before the body is read. A request counts until its response has ended, or its
 * connection has closed.
 *
 * <p>Waiting holds no thread: a waiting request is a paused request (its body stays unread) and an entry in the
 * queue; its expiry is a Vert.x timer on its own event loop. When a place comes free, on whichever event loop
 * finished the request that held it, the waiting request goes on on its own event loop ({@link Context#runOnContext}),
 * so every request is handled where the threading contract says. A client that goes away while waiting leaves the
 * queue at once. One instance serves every event loop's router: the bound is the server's, not a loop's.
 */
public final class VertxAdmission implements Handler<RoutingContext>, Admission {

    private static final Logger log = LoggerFactory.getLogger(VertxAdmission.class);

    private final SimpleLimiter<Void> limiter;
    private final int maxQueue;
    private final long maxWaitMillis;
    private final Queue<Waiter> queue = new ConcurrentLinkedQueue<>();
    /** Requests waiting, counted from the moment their place in the queue is reserved until they leave it. */
    private final AtomicInteger waiting = new AtomicInteger();
    private final AtomicLong rejected = new AtomicLong();
    private final AtomicLong waited = new AtomicLong();
    private final AtomicLong timedOut = new AtomicLong();

    public VertxAdmission(AdmissionSettings settings) {
        this.limiter = SimpleLimiter.newBuilder().named("requests").limit(settings.newLimit()).build();
        this.maxQueue = settings.maxQueue();
        this.maxWaitMillis = settings.maxWait().toMillis();
    }

    @Override
    public void handle(RoutingContext request) {
        // Those waiting go first: a new request takes a free place only when nobody waits for it.
        Optional<Limiter.Listener> place = waiting.get() == 0 ? limiter.acquire(null) : Optional.empty();
        if (place.isPresent()) {
            serve(request, place.get());
            return;
        }
        if (!reserveWaitingPlace()) {
            reject(request, "queue full");
            return;
        }
        request.request().pause(); // its body waits in the socket, unread, until it is served (BodyHandler resumes)
        Waiter waiter = new Waiter(request, Vertx.currentContext());
        request.response().closeHandler(gone -> waiter.leaveGone());
        waiter.expiry = request.vertx().setTimer(maxWaitMillis, id -> waiter.expire());
        queue.add(waiter);
        admitWaiting(); // a place may have come free since the attempt above
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

    private void serve(RoutingContext request, Limiter.Listener place) {
        if (request.response().closed()) {
            release(place, 503); // handed a place just as its client went away
            return;
        }
        AtomicBoolean done = new AtomicBoolean();
        request.addEndHandler(ended -> {
            if (done.compareAndSet(false, true)) {
                release(place, request.response().getStatusCode());
            }
        });
        request.next();
    }

    /** Gives a place back (a success unless the answer was a server error) and hands it to a waiting request. */
    private void release(Limiter.Listener place, int status) {
        if (status < 500) {
            place.onSuccess();
        } else {
            place.onIgnore();
        }
        admitWaiting();
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
                place.get().onIgnore(); // reserved but not queued yet (it calls this method once queued), or gone
                if (next == null) {
                    return;
                }
            }
        }
    }

    private void reject(RoutingContext request, String reason) {
        String path = request.request().path();
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
        VertxProblems.unavailable(request.request(), "The service is at capacity; retry shortly", path);
    }

    @Override
    public int limit() {
        return limiter.getLimit();
    }

    @Override
    public int inFlight() {
        return limiter.getInflight();
    }

    @Override
    public int waiting() {
        return waiting.get();
    }

    @Override
    public long rejected() {
        return rejected.get();
    }

    @Override
    public long waited() {
        return waited.get();
    }

    @Override
    public long timedOut() {
        return timedOut.get();
    }

    /**
     * A request waiting for a place. It leaves the queue once: admitted, timed out, or gone with its client;
     * whichever comes first wins, and the others find it gone.
     */
    private final class Waiter {
        private final RoutingContext request;
        private final Context eventLoop;
        private final AtomicBoolean left = new AtomicBoolean();
        /** Set before the waiter is queued, so whoever admits it can cancel it. */
        private volatile long expiry = -1;

        Waiter(RoutingContext request, Context eventLoop) {
            this.request = request;
            this.eventLoop = eventLoop;
        }

        boolean admit(Limiter.Listener place) {
            if (!leave()) {
                return false;
            }
            waited.incrementAndGet();
            eventLoop.runOnContext(now -> {
                request.vertx().cancelTimer(expiry);
                if (!VertxProblems.declaresBody(request.request())) {
                    request.request().resume(); // nothing to read but its end; a body is resumed by BodyHandler
                }
                serve(request, place);
            });
            return true;
        }

        /** On the request's own event loop, where its timer fires. */
        void expire() {
            if (leave()) {
                queue.remove(this);
                timedOut.incrementAndGet();
                reject(request, "waited " + maxWaitMillis + " ms");
            }
        }

        void leaveGone() {
            if (leave()) {
                request.vertx().cancelTimer(expiry);
                queue.remove(this);
            }
        }

        private boolean leave() {
            if (!left.compareAndSet(false, true)) {
                return false;
            }
            waiting.decrementAndGet();
            return true;
        }
    }
}
