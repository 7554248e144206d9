package dev.shapeslab.web.admission;

import com.netflix.concurrency.limits.Limiter;
import dev.shapeslab.web.Problem;
import dev.shapeslab.web.ProblemCatalogue;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.VirtualThreads;

/**
 * Admission control on Jetty: the server-neutral {@link AdmissionQueue} (the bound, the queue in arrival order, its one
 * timer) behind a {@link Handler.Wrapper} around the servlet context, with the settings, answers and metrics it has
 * under Tomcat, WebFlux and Vert.x. At most {@code max-in-flight} requests are served at once; past it a request waits
 * for a place, in arrival order, for at most {@code max-wait}, and is answered 503 problem+json with {@code Retry-After}
 * once it has waited that long; one that finds {@code max-queue} requests waiting is refused, at once unless
 * {@code refusal-delay} holds it (not by default on Jetty). A rejected request never reaches the servlet context, so it never writes: its body is not even read.
 *
 * <p>Waiting holds no thread: in Jetty's core API a handler that returns {@code true} without completing the request's
 * {@link Callback} has taken the request over, and the thread goes back to the pool. A waiting request is that, and an
 * entry in the queue. When a place frees, the request goes on into the servlet context on the server's executor (a
 * pool thread, or under {@code virtual} a new virtual thread), so it runs where its variant's threading contract says.
 *
 * <p>A place is given back on one event, which Jetty guarantees for every request that reached it: the request's
 * completion ({@link Request#addCompletionListener}), once its callback is completed, succeeded or failed, and the
 * response is done: an answer written whole, a response Jersey resumed from another thread and the servlet container
 * ended, a write that failed because the client went away mid-answer, a request the context did not handle, or one that
 * failed. (Tomcat's valve, {@link TomcatAdmission}, likewise gives a place back on one event: the request's end in
 * Tomcat.)
 *
 * <p>Why not Jetty's own {@code QoSHandler}, which suspends and resumes requests the same way and releases a permit
 * on the same completion event: it answers a full queue with a 503 without a body and without {@code Retry-After}
 * (privately, no hook), counts neither the requests turned away nor those that waited, and has no adaptive bound
 * ({@code gradient2}). Each of those is a promise the service makes on every other server.
 */
public final class JettyAdmission extends Handler.Wrapper implements Admission {

    private final AdmissionQueue queue;
    /** Admission's own platform thread for handing places on under virtual threads; see {@link #JettyAdmission}. */
    private final ExecutorService handOver;

    /**
     * {@code virtualThreads}: Jetty runs requests on virtual threads. A place is then handed on to a waiting request
     * from a platform thread of admission's own, as under Tomcat ({@code TomcatAdmission}): from the virtual thread
     * whose request ended, the next request's virtual thread would start on the same carrier, ahead of the threads woken
     * from other queues (docs/notebook/2026-11-26-virtual-threads-and-the-scheduler-queues.md).
     */
    public JettyAdmission(AdmissionSettings settings, boolean virtualThreads) {
        this.handOver = virtualThreads ? Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, "admission-hand-over");
            thread.setDaemon(true);
            return thread;
        }) : null;
        this.queue = handOver == null ? new AdmissionQueue(settings) : new AdmissionQueue(settings, handOver);
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
            return super.handle(request, response, callback);
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

    /** Stops the queue's timer and the hand-over thread, once the server stops. */
    @Override
    protected void doStop() throws Exception {
        close();
        super.doStop();
    }

    /** Stops the queue's timer and the hand-over thread; also Spring's, as the context closes. */
    public void close() {
        queue.close();
        if (handOver != null) {
            handOver.shutdownNow();
        }
    }

    /**
     * A request's place, given back once: when Jetty has completed the request, if it holds one then, or as it is
     * given one, if Jetty completed the request first (its client went away while it waited, say). The completion
     * listener is added as the request arrives, before anything could complete it: one added later, to a request
     * already completed, would never be told.
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

        /**
         * Goes on into the servlet context on the server's executor, as a request Jetty dispatched itself; false (the
         * place goes to the next) when Jetty has completed the request meanwhile.
         */
        @Override
        protected boolean resume(Limiter.Listener given) {
            if (place.completed()) {
                return false;
            }
            try {
                requestExecutor(request).execute(() -> {
                    try {
                        if (!JettyAdmission.super.handle(request, response, callback)) {
                            Response.writeError(request, response, callback, HttpStatus.NOT_FOUND_404);
                        }
                    } catch (Throwable failure) {
                        Response.writeError(request, response, callback, failure);
                    }
                });
            } catch (RejectedExecutionException stopping) {
                callback.failed(stopping); // the server is stopping: the request ends unanswered
                return false;
            }
            place.taken(given);
            return true;
        }

        /**
         * Where Jetty runs a request's handling: its pool, or under {@code virtual} the virtual threads the pool hands
         * tasks that may block to ({@code JettyWeb}).
         */
        private static Executor requestExecutor(Request request) {
            Executor pool = request.getComponents().getExecutor();
            return VirtualThreads.isUseVirtualThreads(pool) ? VirtualThreads.getVirtualThreadsExecutor(pool) : pool;
        }

        /** On the queue's timer thread: the write does not block. */
        @Override
        protected void turnAway(String reason) {
            reject(request, response, callback, reason);
        }
    }
}
