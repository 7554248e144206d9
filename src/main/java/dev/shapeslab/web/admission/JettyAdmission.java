package dev.shapeslab.web.admission;

import com.netflix.concurrency.limits.Limiter;
import dev.shapeslab.web.Problem;
import dev.shapeslab.web.ProblemCatalogue;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.VirtualThreads;
import org.eclipse.jetty.util.thread.Invocable.InvocationType;

/**
 * Admission control on Jetty: {@link AdmissionQueue} in a {@link Handler.Wrapper} around the servlet context, called on
 * the thread that read the request (a selector's). A waiting request is one the handler took over without completing
 * its {@link Callback}, holding no thread; admitted, it goes on on the executor Jetty runs requests on. A place comes
 * back on the request's completion, which Jetty guarantees. Not Jetty's {@code QoSHandler}: no {@code Retry-After}, no
 * counts, no adaptive bound (docs/faults.md).
 */
public final class JettyAdmission extends Handler.Wrapper implements Admission {

    private final AdmissionQueue queue;

    /** {@code virtualThreads}: Jetty runs requests on virtual threads ({@link AdmissionQueue} hands places on then). */
    public JettyAdmission(AdmissionSettings settings, boolean virtualThreads) {
        this.queue = new AdmissionQueue(settings, virtualThreads);
    }

    /**
     * Non-blocking: Jetty then reads each request and calls this handler on the thread that read it, and only a request
     * admitted goes on to a request thread (under virtual threads, a new virtual thread). Blocking, as the servlet
     * context is, Jetty would hand every request that arrives to a request thread first, those set waiting or turned
     * away included, each only to leave the request with admission: with every request thread held by the admitted, the
     * others would wait unread behind them, and under virtual threads each would start a thread of its own
     * (docs/faults.md).
     */
    @Override
    public InvocationType getInvocationType() {
        return InvocationType.NON_BLOCKING;
    }

    @Override
    public AdmissionQueue queue() {
        return queue;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        Place place = new Place(response);
        Request.addCompletionListener(request, place::requestCompleted);
        Optional<Limiter.Listener> free = queue.tryAdmit();
        if (free.isPresent()) {
            place.taken(free.get());
            goOn(request, response, callback);
            return true;
        }
        if (queue.refusesAtOnce()) {
            reject(request, response, callback, AdmissionQueue.QUEUE_FULL);
            return true;
        }
        Waiter waiter = new Waiter(request, response, callback, place);
        request.addFailureListener(failure -> waiter.leaveGone()); // then Jetty fails the request itself
        queue.await(waiter);
        return true;
    }

    private void reject(Request request, Response response, Callback callback, String reason) {
        String path = request.getHttpURI().getPath();
        queue.rejected(path, reason);
        byte[] body = ProblemCatalogue.AT_CAPACITY.problem(path).toJson().getBytes(StandardCharsets.UTF_8);
        response.setStatus(ProblemCatalogue.AT_CAPACITY.status());
        ProblemCatalogue.AT_CAPACITY.headers().forEach(response.getHeaders()::put);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, Problem.MEDIA_TYPE);
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        response.write(true, ByteBuffer.wrap(body), callback);
    }

    /**
     * Goes on into the servlet context on the executor Jetty runs requests on, as a request Jetty dispatched itself (its
     * pool's threads, or under virtual threads a new virtual thread); false, the request ended unanswered, when the
     * server is stopping.
     */
    private boolean goOn(Request request, Response response, Callback callback) {
        try {
            requestExecutor(request).execute(() -> {
                try {
                    if (!super.handle(request, response, callback)) {
                        Response.writeError(request, response, callback, HttpStatus.NOT_FOUND_404);
                    }
                } catch (Throwable failure) {
                    Response.writeError(request, response, callback, failure);
                }
            });
            return true;
        } catch (RejectedExecutionException stopping) {
            callback.failed(stopping);
            return false;
        }
    }

    /**
     * Where Jetty runs a request's handling: its pool, or under {@code virtual} the virtual threads the pool hands tasks
     * that may block to ({@code JettyWeb}).
     */
    private static Executor requestExecutor(Request request) {
        Executor pool = request.getComponents().getExecutor();
        return VirtualThreads.isUseVirtualThreads(pool) ? VirtualThreads.getVirtualThreadsExecutor(pool) : pool;
    }

    /** Stops the queue's timer and the hand-over thread, once the server stops. */
    @Override
    protected void doStop() throws Exception {
        close();
        super.doStop();
    }

    /** Stops the queue's timer and the hand-over thread; also Spring's, as the context closes. */
    public void close() {
        queue.close();
    }

    /**
     * A request's place, given back once, when Jetty completes the request (or as it is given, if that came first). The
     * listener is added as the request arrives: one added to a request already completed would never be told.
     */
    private final class Place {
        private final Response response;
        private Limiter.Listener held;
        private boolean completed;
        private int status;

        Place(Response response) {
            this.response = response;
        }

        void taken(Limiter.Listener place) {
            synchronized (this) {
                if (!completed) {
                    held = place;
                    return;
                }
            }
            queue.release(place, status);
        }

        synchronized boolean completed() {
            return completed;
        }

        /** A failed request (its client gone mid-answer, say) is no sample of the service's latency. */
        void requestCompleted(Throwable failure) {
            Limiter.Listener release;
            synchronized (this) {
                completed = true;
                status = failure == null ? response.getStatus() : HttpStatus.INTERNAL_SERVER_ERROR_500;
                release = held;
                held = null;
            }
            if (release != null) {
                queue.release(release, status);
            }
        }
    }

    /** A request taken over by this handler, waiting for a place. */
    private final class Waiter extends AdmissionQueue.Waiter {
        private final Request request;
        private final Response response;
        private final Callback callback;
        private final Place place;

        Waiter(Request request, Response response, Callback callback, Place place) {
            queue.super();
            this.request = request;
            this.response = response;
            this.callback = callback;
            this.place = place;
        }

        /** Goes on ({@link #goOn}); false (the place goes to the next) when Jetty has completed the request meanwhile. */
        @Override
        protected boolean resume(Limiter.Listener given) {
            if (place.completed() || !goOn(request, response, callback)) {
                return false;
            }
            place.taken(given);
            return true;
        }

        /** On the queue's timer thread: the write does not block. */
        @Override
        protected void turnAway(String reason) {
            reject(request, response, callback, reason);
        }
    }
}
