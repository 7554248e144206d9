package dev.shapeslab.web.admission;

import com.netflix.concurrency.limits.Limiter;
import dev.shapeslab.web.Problem;
import dev.shapeslab.web.ProblemCatalogue;
import io.vertx.core.Context;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;

/**
 * Admission control on Vert.x: {@link AdmissionQueue} as the router's first handler, one for every event loop. A
 * waiting request is paused, its body unread, and goes on on its own event loop; one whose client leaves leaves at once.
 */
public final class VertxAdmission implements Handler<RoutingContext>, Admission {

    /** How the server answers a problem with its headers: {@code web.vertx}'s answer, passed in. */
    @FunctionalInterface
    public interface Unavailable {
        void answer(HttpServerRequest request, Problem problem, Map<String, String> headers);
    }

    private final AdmissionQueue queue;
    private final Unavailable unavailable;
    private final Predicate<HttpServerRequest> declaresBody;

    /**
     * {@code unavailable}: how a 503 is written; {@code declaresBody}: whether a request announces a body. Both are
     * {@code web.vertx}'s, which this package does not import.
     */
    public VertxAdmission(AdmissionSettings settings, Unavailable unavailable,
                          Predicate<HttpServerRequest> declaresBody) {
        this.queue = new AdmissionQueue(settings);
        this.unavailable = unavailable;
        this.declaresBody = declaresBody;
    }

    @Override
    public AdmissionQueue queue() {
        return queue;
    }

    @Override
    public void handle(RoutingContext request) {
        Optional<Limiter.Listener> place = queue.tryAdmit();
        if (place.isPresent()) {
            serve(request, place.get());
            return;
        }
        if (queue.refusesAtOnce()) {
            reject(request, AdmissionQueue.QUEUE_FULL);
            return;
        }
        request.request().pause(); // its body waits in the socket, unread, until it is served (BodyHandler resumes)
        Waiter waiter = new Waiter(request, Vertx.currentContext());
        request.response().closeHandler(gone -> waiter.leaveGone());
        queue.await(waiter);
    }

    private void serve(RoutingContext request, Limiter.Listener place) {
        if (request.response().closed()) {
            queue.release(place, 503); // handed a place just as its client went away
            return;
        }
        AtomicBoolean done = new AtomicBoolean();
        request.addEndHandler(ended -> {
            if (done.compareAndSet(false, true)) {
                queue.release(place, request.response().getStatusCode());
            }
        });
        request.next();
    }

    private void reject(RoutingContext request, String reason) {
        String path = request.request().path();
        queue.rejected(path, reason);
        unavailable.answer(request.request(), ProblemCatalogue.AT_CAPACITY.problem(path),
                ProblemCatalogue.AT_CAPACITY.headers());
    }

    /** Stops the queue's timer, once the server has stopped. */
    public void close() {
        queue.close();
    }

    /** A paused request waiting for a place, resumed or turned away on its own event loop. */
    private final class Waiter extends AdmissionQueue.Waiter {
        private final RoutingContext request;
        private final Context eventLoop;

        Waiter(RoutingContext request, Context eventLoop) {
            queue.super();
            this.request = request;
            this.eventLoop = eventLoop;
        }

        @Override
        protected boolean resume(Limiter.Listener place) {
            eventLoop.runOnContext(now -> {
                if (!declaresBody.test(request.request())) {
                    request.request().resume(); // nothing to read but its end; a body is resumed by BodyHandler
                }
                serve(request, place);
            });
            return true;
        }

        @Override
        protected void turnAway(String reason) {
            eventLoop.runOnContext(now -> {
                if (!request.response().closed()) {
                    reject(request, reason);
                }
            });
        }
    }
}
