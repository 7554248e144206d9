package dev.shapeslab.web.flux;

import com.netflix.concurrency.limits.Limiter;
import com.netflix.concurrency.limits.limiter.SimpleLimiter;
import dev.shapeslab.web.Admission;
import dev.shapeslab.web.AdmissionControl;
import dev.shapeslab.web.AdmissionRejectedEvent;
import dev.shapeslab.web.AdmissionSettings;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.http.HttpStatusCode;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoSink;

/**
 * {@link AdmissionControl}'s bound and queue as a {@code WebFilter}, with the same settings and meaning: at most
 * {@code max-in-flight} requests are served at once, up to {@code max-queue} more wait for a place in arrival order
 * for at most {@code max-wait}, and past either the answer is 503 problem+json with {@code Retry-After}, written
 * before the body is read. A request counts until its response is written, or its client has gone.
 *
 * <p>Waiting holds no thread here either: a waiting request is a pending {@code Mono}, not a suspended servlet
 * request. When a place comes free (on whichever thread completed the request that held it), the waiting request
 * goes on on its own connection's event loop, so every request is handled where the threading contract says; its
 * expiry is timed on one timer thread. A client that goes away while waiting leaves the queue at once (Reactor Netty
 * cancels its exchange), which Tomcat could not tell.
 */
final class FluxAdmission implements WebFilter, Admission, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(FluxAdmission.class);

    private final SimpleLimiter<Void> limiter;
    private final int maxQueue;
    private final long maxWaitMillis;
    private final Queue<Waiter> queue = new ConcurrentLinkedQueue<>();
    /** Requests waiting, counted from the moment their place in the queue is reserved until they leave it. */
    private final AtomicInteger waiting = new AtomicInteger();
    private final AtomicLong rejected = new AtomicLong();
    private final AtomicLong waited = new AtomicLong();
    private final AtomicLong timedOut = new AtomicLong();
    private final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, task -> {
        Thread thread = new Thread(task, "admission-wait-timer");
        thread.setDaemon(true);
        return thread;
    });

    FluxAdmission(AdmissionSettings settings) {
        this.limiter = SimpleLimiter.newBuilder().named("requests").limit(settings.newLimit()).build();
        this.maxQueue = settings.maxQueue();
        this.maxWaitMillis = settings.maxWait().toMillis();
        timer.setRemoveOnCancelPolicy(true); // an admitted request's expiry goes at once
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        // Those waiting go first: a new request takes a free place only when nobody waits for it.
        Optional<Limiter.Listener> place = waiting.get() == 0 ? limiter.acquire(null) : Optional.empty();
        if (place.isPresent()) {
            return serve(exchange, chain, place.get());
        }
        if (!reserveWaitingPlace()) {
            return reject(exchange, "queue full");
        }
        return Mono.<Optional<Limiter.Listener>>create(sink -> {
                    Waiter waiter = new Waiter(sink, EventLoops.of(exchange));
                    sink.onCancel(waiter::leaveGone);
                    waiter.expiry = timer.schedule(waiter::expire, maxWaitMillis, TimeUnit.MILLISECONDS);
                    queue.add(waiter);
                    admitWaiting(); // a place may have come free since the attempt above
                })
                // A place handed over just as the client went away is given back.
                .doOnDiscard(Optional.class, handed -> handed.ifPresent(given -> release((Limiter.Listener) given, 503)))
                .flatMap(given -> given.isPresent() ? serve(exchange, chain, given.get())
                        : reject(exchange, "waited " + maxWaitMillis + " ms"));
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

    private Mono<Void> serve(ServerWebExchange exchange, WebFilterChain chain, Limiter.Listener place) {
        AtomicBoolean done = new AtomicBoolean();
        return chain.filter(exchange).doFinally(signal -> {
            if (done.compareAndSet(false, true)) {
                HttpStatusCode status = exchange.getResponse().getStatusCode();
                release(place, status == null ? 200 : status.value());
            }
        });
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

    private Mono<Void> reject(ServerWebExchange exchange, String reason) {
        String path = exchange.getRequest().getPath().value();
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
        return ProblemAnswer.unavailable("The service is at capacity; retry shortly", path).writeTo(exchange);
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

    @Override
    public void destroy() {
        timer.shutdownNow();
    }

    /**
     * A request waiting for a place. It leaves the queue once: admitted, timed out, or gone with its client;
     * whichever comes first wins, and the others find it gone.
     */
    private final class Waiter {
        private final MonoSink<Optional<Limiter.Listener>> sink;
        private final Executor eventLoop;
        private final AtomicBoolean left = new AtomicBoolean();
        /** Set before the waiter is queued, so whoever admits it can cancel it. */
        private volatile ScheduledFuture<?> expiry;

        Waiter(MonoSink<Optional<Limiter.Listener>> sink, Executor eventLoop) {
            this.sink = sink;
            this.eventLoop = eventLoop;
        }

        boolean admit(Limiter.Listener place) {
            if (!leave()) {
                return false;
            }
            expiry.cancel(false);
            waited.incrementAndGet();
            eventLoop.execute(() -> sink.success(Optional.of(place)));
            return true;
        }

        void expire() {
            if (leave()) {
                queue.remove(this);
                timedOut.incrementAndGet();
                eventLoop.execute(() -> sink.success(Optional.empty()));
            }
        }

        void leaveGone() {
            if (leave()) {
                ScheduledFuture<?> pending = expiry;
                if (pending != null) {
                    pending.cancel(false);
                }
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
