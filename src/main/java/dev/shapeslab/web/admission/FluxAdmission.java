package dev.shapeslab.web.admission;

import com.netflix.concurrency.limits.Limiter;
import dev.shapeslab.web.Problem;
import dev.shapeslab.web.ProblemCatalogue;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.http.HttpStatusCode;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoSink;

/**
 * Admission control on WebFlux: {@link AdmissionQueue} as a {@code WebFilter}. A waiting request is a pending
 * {@code Mono}, holding no thread, that goes on on its own event loop; one whose client leaves is cancelled at once.
 */
public final class FluxAdmission implements WebFilter, Admission, DisposableBean {

    /** How the server answers a problem with its headers: {@code web.flux}'s answer, passed in. */
    @FunctionalInterface
    public interface Unavailable {
        Mono<Void> answer(ServerWebExchange exchange, Problem problem, Map<String, String> headers);
    }

    private final AdmissionQueue queue;
    private final Function<ServerWebExchange, Executor> eventLoop;
    private final Unavailable unavailable;

    /**
     * {@code eventLoop}: a request's connection's event loop, where a waiting request goes on; {@code unavailable}: how
     * a 503 is written. Both are {@code web.flux}'s, which this package does not import.
     */
    public FluxAdmission(AdmissionSettings settings, Function<ServerWebExchange, Executor> eventLoop,
                         Unavailable unavailable) {
        this.queue = new AdmissionQueue(settings);
        this.eventLoop = eventLoop;
        this.unavailable = unavailable;
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
        if (queue.refusesAtOnce()) {
            return reject(exchange, AdmissionQueue.QUEUE_FULL);
        }
        return Mono.<Held>create(sink -> {
                    Waiter waiter = new Waiter(sink, eventLoop.apply(exchange));
                    sink.onCancel(waiter::leaveGone);
                    queue.await(waiter);
                })
                // A place handed over just as the client went away is given back.
                .doOnDiscard(Held.class, handed -> {
                    if (handed.place() != null) {
                        queue.release(handed.place(), 503);
                    }
                })
                .flatMap(held -> held.place() != null ? serve(exchange, chain, held.place())
                        : reject(exchange, held.refusal()));
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
        return unavailable.answer(exchange, ProblemCatalogue.AT_CAPACITY.problem(path),
                ProblemCatalogue.AT_CAPACITY.headers());
    }

    @Override
    public void destroy() {
        queue.close();
    }

    /** How a held request's wait ended: with a place, or refused for a reason. */
    private record Held(Limiter.Listener place, String refusal) {
    }

    /** A request held for a place or its refusal: a pending {@code Mono}, completed on its own event loop. */
    private final class Waiter extends AdmissionQueue.Waiter {
        private final MonoSink<Held> sink;
        private final Executor eventLoop;

        Waiter(MonoSink<Held> sink, Executor eventLoop) {
            queue.super();
            this.sink = sink;
            this.eventLoop = eventLoop;
        }

        @Override
        protected boolean resume(Limiter.Listener place) {
            eventLoop.execute(() -> sink.success(new Held(place, null)));
            return true;
        }

        @Override
        protected void turnAway(String reason) {
            eventLoop.execute(() -> sink.success(new Held(null, reason)));
        }
    }
}
