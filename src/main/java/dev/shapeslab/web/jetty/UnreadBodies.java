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
 * Reads and drops the rest of a request body nobody read, after its answer and before the request completes, up to
 * {@link #MAX_BYTES} and {@link #MAX_NANOS}, as Tomcat does up to its {@code maxSwallowSize}: a body refused unread (413
 * over {@code shapes.request.max-body-size} by its declared length, 503 from admission control) then reaches its end,
 * and its client, which sends the whole request before it reads the answer, gets to read it.
 *
 * <p>Jetty by itself reads only what has already arrived, without waiting for more. When the servlet context completes
 * a response it has not sent yet, Jetty answers with {@code Connection: close} and then reads and drops what the client
 * still sends. But Jersey sends its answer before the servlet context completes it, and then Jetty finds the body unread
 * only as the request completes, on a connection still meant to stay open, and aborts the connection: a reset while
 * the client is still sending, whose next write fails ("Broken pipe") before it has read the answer. So this wrapper,
 * outermost, holds the completion back until it has read the rest of the body, waiting for it without a thread
 * ({@link Request#demand}): Jetty then finds the body read to its end and keeps the connection. Past either bound, or
 * when the body fails (its client gone, Jetty's idle timeout, or ended by Jetty's own read at the servlet context's
 * completion), the completion is passed on at once, and Jetty does as it would have.
 *
 * <p>A request that expects {@code 100-continue} is left to Jetty: its client may not send the body at all once it has
 * a final answer, and a read that waited for it would first have Jetty send the 100 after that answer.
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
