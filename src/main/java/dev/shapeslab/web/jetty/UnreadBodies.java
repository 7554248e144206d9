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
 * Reads and drops a body nobody read (413, 503), up to {@link #MAX_BYTES} and {@link #MAX_NANOS}, before the request
 * completes, as Tomcat does: Jetty would reset a connection whose client is still sending, and the client would never
 * read its answer (docs/faults.md). Not for {@code 100-continue}: its client may never send the body.
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
