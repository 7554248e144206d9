package dev.shapeslab.web;

import java.util.Map;

/**
 * An error the web layer answers itself, with a status, a client-facing detail and, for some, one header
 * ({@code Retry-After}, {@code Accept-Encoding}). A plain exception, the same on every server: each server's
 * adapter answers it as {@link #problem} plus {@link #headers} (under Jersey, {@code jersey.ProblemMappers}).
 */
public class ProblemException extends RuntimeException {

    private final int status;
    private final String detail;
    private final Map<String, String> headers;

    public ProblemException(int status, String detail) {
        this(status, detail, Map.of());
    }

    private ProblemException(int status, String detail, Map<String, String> headers) {
        super(detail);
        this.status = status;
        this.detail = detail;
        this.headers = headers;
    }

    /** 503 with {@code Retry-After}: the service is overloaded or too slow now, and the client may retry. */
    public static ProblemException unavailable(String detail) {
        return new ProblemException(503, detail,
                Map.of("Retry-After", Long.toString(Problem.RETRY_AFTER_SECONDS)));
    }

    /** 415 with {@code Accept-Encoding: identity}: the body has a content coding the service does not decode. */
    public static ProblemException unsupportedContentEncoding(String detail) {
        return new ProblemException(415, detail, Map.of("Accept-Encoding", "identity"));
    }

    public int status() {
        return status;
    }

    public String detail() {
        return detail;
    }

    /** The headers the answer carries besides its body's: none, or the one its factory names. */
    public Map<String, String> headers() {
        return headers;
    }

    /** The answer's body, for the request at {@code instance}. */
    public Problem problem(String instance) {
        return Problem.of(status, detail, instance);
    }
}
