package dev.shapeslab.web.flux;

import com.netflix.concurrency.limits.Limiter;
import dev.shapeslab.web.Admission;
import dev.shapeslab.web.AdmissionControl;
import dev.shapeslab.web.AdmissionQueue;
import dev.shapeslab.web.AdmissionSettings;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.http.HttpStatusCode;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoSink;

/**
 * {@link AdmissionControl}'s bound and queue ({@link AdmissionQueue}) as a {@code WebFilter}, with the same settings
 * and meaning: past {@code max-in-flight} a request waits for a place, and past {@code max-queue}, or once it has
 * waited {@code max-wait}, the answer is 503 problem+json with {@code Retry-After}, written before the body is read.
 * A request counts until its response is written, or its client has gone.
 *
 * <p>Waiting holds no thread here either: a waiting request is a pending {@code Mono}, not a suspended servlet
 * request. When a place comes free (on whichever thread completed the request that held it), or its wait ends, the
 * waiting request goes on on its own connection's event loop, so every request is handled where the threading
 * contract says. A client that goes away while waiting leaves the queue at once (Reactor Netty cancels its
 * exchange), which Tomcat could not tell.
 */
final class FluxAdmission implements WebFilter, Admission, DisposableBean {

    private final AdmissionQueue queue;

    FluxAdmission(AdmissionSettings settings) {
        this.queue = new AdmissionQueue(settings);
    }

    @Override
    public AdmissionQueue queue() {
        return queue;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        Optional<Limiter.Listener> place = queue.tryAdmit();
        if (place.isPresent()) {
            return serve(exchange, chain, place.get());
        }
        if (!queue.reserveWaitingPlace()) {
            return reject(exchange, "queue full");
        }
        return Mono.<Optional<Limiter.Listener>>create(sink -> {
                    Waiter waiter = new Waiter(sink, EventLoops.of(exchange));
                    sink.onCancel(waiter::leaveGone);
                    queue.await(waiter);
                })
                // A place handed over just as the client went away is given back.
                .doOnDiscard(Optional.class, handed -> handed.ifPresent(given -> queue.release((Limiter.Listener) given, 503)))
                .flatMap(given -> given.isPresent() ? serve(exchange, chain, given.get())
                        : reject(exchange, queue.waitedTooLong()));
    }

    private Mono<Void> serve(ServerWebExchange exchange, WebFilterChain chain, Limiter.Listener place) {
        AtomicBoolean done = new AtomicBoolean();
        return chain.filter(exchange).doFinally(signal -> {
            if (done.compareAndSet(false, true)) {
                HttpStatusCode status = exchange.getResponse().getStatusCode();
                queue.release(place, status == null ? 200 : status.value());
            }
        });
    }

    private Mono<Void> reject(ServerWebExchange exchange, String reason) {
        String path = exchange.getRequest().getPath().value();
        queue.rejected(path, reason);
        return ProblemAnswer.unavailable("The service is at capacity; retry shortly", path).writeTo(exchange);
    }

    @Override
    public void destroy() {
        queue.close();
    }

    /** A request waiting for a place: a pending {@code Mono}, completed on its own event loop. */
    private final class Waiter extends AdmissionQueue.Waiter {
        private final MonoSink<Optional<Limiter.Listener>> sink;
        private final Executor eventLoop;

        Waiter(MonoSink<Optional<Limiter.Listener>> sink, Executor eventLoop) {
            queue.super();
            this.sink = sink;
            this.eventLoop = eventLoop;
        }

        @Override
        protected boolean resume(Limiter.Listener place) {
            eventLoop.execute(() -> sink.success(Optional.of(place)));
            return true;
        }

        @Override
        protected void turnAway() {
            eventLoop.execute(() -> sink.success(Optional.empty()));
        }
    }
}
