package dev.shapeslab.web.jetty;

import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpHeaderValue;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Invocable;

/**
 * Reads and drops the rest of a request body nobody read (a 413 by its declared length, a 503 from admission), after
 * its answer and before the request completes, up to {@link #MAX_BYTES} and {@link #MAX_NANOS}, as Tomcat does up to
 * its {@code maxSwallowSize}, so that a client that sends the whole body before reading gets to read its answer.
 *
 * <p>Jersey sends its answer before the servlet context completes it, and Jetty, finding the body unread at
 * completion, resets the connection under a client still sending (docs/faults.md, "A crowd waits its turn"). So this
 * wrapper, outermost, holds the completion back until the body is read, waiting without a thread
 * ({@link Request#demand}); past either bound, or when the body fails, it passes the completion on at once.
 *
 * <p>A request that expects {@code 100-continue} is left to Jetty: its client may never send the body, and a read
 * would have Jetty send the 100 after the final answer.
 */
final class UnreadBodies extends Handler.Wrapper {

    /** Tomcat's default {@code maxSwallowSize}, as under {@code vertx} ({@code web.vertx.VertxProblems}). */
    static final long MAX_BYTES = 2 * 1024 * 1024;
    /**
     * As under {@code vertx}: a client that keeps sending slowly is read no longer than this after its answer; one that
     * stops sending, until Jetty's idle timeout fails the read.
     */
    static final long MAX_NANOS = TimeUnit.SECONDS.toNanos(5);

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        if (request.getHeaders().contains(HttpHeader.EXPECT, HttpHeaderValue.CONTINUE.asString())) {
            return super.handle(request, response, callback);
        }
        return super.handle(request, response, new Body(request, callback));
    }

    /** One request's body, and the callback that completes the request once the body is read. */
    private static final class Body implements Callback, Invocable.Task {
        private final Request request;
        private final Callback completion;
        /** Touched only after the answer, by one read loop at a time (each called again by the demand it made). */
        private long dropped;
        private long deadline;

        Body(Request request, Callback completion) {
            this.request = request;
            this.completion = completion;
        }

        /** The request is answered: its body is read to its end (or a bound) before the completion goes on. */
        @Override
        public void succeeded() {
            deadline = System.nanoTime() + MAX_NANOS;
            run();
        }

        @Override
        public void failed(Throwable failure) {
            completion.failed(failure);
        }

        /** Reads what has arrived, then waits for more without a thread (called again when it comes). */
        @Override
        public void run() {
            while (dropped <= MAX_BYTES && System.nanoTime() - deadline < 0) {
                Content.Chunk chunk = request.read();
                if (chunk == null) {
                    request.demand(this);
                    return;
                }
                dropped += chunk.remaining();
                chunk.release();
                if (Content.Chunk.isFailure(chunk) || chunk.isLast()) {
                    break;
                }
            }
            completion.succeeded();
        }

        @Override
        public InvocationType getInvocationType() {
            return completion.getInvocationType();
        }
    }
}
