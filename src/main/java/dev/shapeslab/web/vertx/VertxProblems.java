package dev.shapeslab.web.vertx;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.shapeslab.web.JsonProblems;
import dev.shapeslab.web.Problem;
import dev.shapeslab.web.ProblemCatalogue;
import dev.shapeslab.web.ProblemException;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.HttpException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Every error under {@code vertx} as problem+json; {@link #undecodable}, for requests that never reach the router. */
public final class VertxProblems implements Handler<RoutingContext> {

    /** The statuses Vert.x Web answers by itself, when no route matches or a handler fails with a bare status. */
    private static final List<Integer> ROUTER_STATUSES = List.of(400, 404, 405, 406, 413, 414, 415, 417, 431, 500, 501,
            503);

    private final long maxBodyBytes;
    private final Function<String, String> allowedMethods;

    /** {@code allowedMethods}: the {@code Allow} header of a path, for a 405. */
    public VertxProblems(long maxBodyBytes, Function<String, String> allowedMethods) {
        this.maxBodyBytes = maxBodyBytes;
        this.allowedMethods = allowedMethods;
    }

    /** Answers every failure of {@code router} and every status it would otherwise answer with its own body. */
    public void installOn(Router router) {
        router.route().failureHandler(this);
        ROUTER_STATUSES.forEach(status -> router.errorHandler(status, this));
    }

    @Override
    public void handle(RoutingContext context) {
        HttpServerResponse response = context.response();
        if (response.headWritten() || response.closed()) {
            if (!response.closed()) {
                context.request().connection().close(); // too late for another answer
            }
            return;
        }
        String path = context.request().path();
        ProblemException answer = answer(context.failure(), context.statusCode(), path);
        answer(context.request(), answer.problem(path), answer.headers());
    }

    /**
     * Writes {@code problem} as the answer. A request whose body was not read has that body read and dropped (up to
     * {@link #SWALLOW_BYTES}, for up to {@link #SWALLOW_MILLIS}): left in the socket it would be taken for the next
     * request, and a client still sending it would find the connection gone and never read the answer. A body declared
     * within those bytes keeps its connection once read, as Jetty keeps it: closing it would cost a client turned away
     * at capacity a new connection for its next request, and the server an accept, each time. A body declared longer,
     * or of unknown length (chunked), is answered {@code Connection: close}, as Tomcat answers it; one that does not
     * come within the bounds has its connection closed once they have passed.
     */
    public static void answer(HttpServerRequest request, Problem problem, Map<String, String> headers) {
        if (request.isEnded() || !declaresBody(request)) {
            request.resume(); // a request paused by admission control: its end is read, the connection stays
            write(request.response(), problem, headers);
            return;
        }
        boolean keepAlive = declaresLengthWithin(request, SWALLOW_BYTES);
        if (!keepAlive) {
            request.response().putHeader(HttpHeaders.CONNECTION, "close");
        }
        Future<Boolean> bodyRead = swallow(request);
        write(request.response(), problem, headers).onComplete(written -> bodyRead.onComplete(read -> {
            if (!keepAlive || !read.result()) {
                request.connection().close();
            }
        }));
    }

    /** Tomcat's default {@code maxSwallowSize}. */
    static final long SWALLOW_BYTES = 2 * 1024 * 1024;
    static final long SWALLOW_MILLIS = 5_000;

    /**
     * Reads the rest of the request's body and drops it: true once its end is read, false past the byte or time bound,
     * or on error.
     */
    private static Future<Boolean> swallow(HttpServerRequest request) {
        Promise<Boolean> done = Promise.promise();
        long[] read = {0}; // only ever touched on the connection's event loop
        try {
            request.handler(chunk -> {
                read[0] += chunk.length();
                if (read[0] > SWALLOW_BYTES) {
                    done.tryComplete(false);
                }
            });
            request.endHandler(end -> done.tryComplete(true));
            request.exceptionHandler(failed -> done.tryComplete(false));
            request.resume();
        } catch (IllegalStateException alreadyRead) {
            return Future.succeededFuture(true);
        }
        Context context = Vertx.currentContext();
        if (context != null) {
            long timer = context.owner().setTimer(SWALLOW_MILLIS, late -> done.tryComplete(false));
            done.future().onComplete(over -> context.owner().cancelTimer(timer));
        }
        return done.future();
    }

    /** Whether the request declares a {@code Content-Length} of at most {@code bytes} (not chunks). */
    private static boolean declaresLengthWithin(HttpServerRequest request, long bytes) {
        String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length == null || request.headers().contains(HttpHeaders.TRANSFER_ENCODING)) {
            return false;
        }
        try {
            return Long.parseLong(length.trim()) <= bytes;
        } catch (NumberFormatException unreadable) {
            return false;
        }
    }

    /** Whether the request's headers announce a body (a length above 0, or chunks). */
    static boolean declaresBody(HttpServerRequest request) {
        String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        return request.headers().contains(HttpHeaders.TRANSFER_ENCODING) || (length != null && !length.trim().equals("0"));
    }

    ProblemException answer(Throwable failure, int status, String path) {
        ProblemException known = ProblemCatalogue.answer(failure);
        if (known != null) {
            return known;
        }
        if (failure instanceof JsonProcessingException json) {
            return ProblemCatalogue.INVALID_JSON.exception(JsonProblems.describe(json));
        }
        if (failure instanceof HttpException http) {
            return routerAnswer(http.getStatusCode(), path);
        }
        if (failure instanceof DecoderException) {
            return ProblemCatalogue.BODY_UNREADABLE.exception(); // malformed chunking, say
        }
        if (failure == null && status >= 400) {
            return routerAnswer(status, path);
        }
        return ProblemCatalogue.unexpected(failure, path);
    }

    /** Vert.x Web's own refusals, for which it has only a status. */
    private ProblemException routerAnswer(int status, String path) {
        return switch (status) {
            case 404 -> ProblemCatalogue.NO_RESOURCE.exception(path);
            case 405 -> {
                String allowed = allowedMethods.apply(path);
                yield ProblemCatalogue.METHOD_NOT_ALLOWED.exception(allowed).with("Allow", allowed);
            }
            case 406 -> ProblemCatalogue.NOT_ACCEPTABLE.exception();
            case 413 -> ProblemCatalogue.BODY_TOO_LARGE.exception(maxBodyBytes);
            case 415 -> ProblemCatalogue.NOT_JSON.exception();
            case 400 -> ProblemCatalogue.REQUEST_UNREADABLE.exception();
            case 503 -> ProblemCatalogue.UNAVAILABLE.exception();
            default -> new ProblemException(status, HttpResponseStatus.valueOf(status).reasonPhrase());
        };
    }

    /**
     * A request Vert.x's HTTP server could not decode: 400, 414 or 431 as Vert.x would answer, with a problem body, and
     * the connection closed, since what follows on it cannot be trusted.
     */
    public static void undecodable(HttpServerRequest request) {
        Throwable cause = request.decoderResult().cause();
        int status = cause instanceof TooLongHttpLineException ? 414
                : cause instanceof TooLongHttpHeaderException ? 431 : 400;
        HttpServerResponse response = request.response();
        response.putHeader(HttpHeaders.CONNECTION, "close");
        write(response, ProblemCatalogue.undecodable(status), Map.of()).onComplete(done -> request.connection().close());
    }

    /** Writes {@code problem} as the whole response, replacing whatever headers it had been given so far. */
    private static Future<Void> write(HttpServerResponse response, Problem problem,
                                                  Map<String, String> headers) {
        byte[] body = problem.toJson().getBytes(StandardCharsets.UTF_8);
        String connection = response.headers().get(HttpHeaders.CONNECTION);
        response.headers().clear();
        if (connection != null) {
            response.putHeader(HttpHeaders.CONNECTION, connection);
        }
        headers.forEach(response::putHeader);
        return response.setStatusCode(problem.status())
                .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                .end(Buffer.buffer(body));
    }
}
