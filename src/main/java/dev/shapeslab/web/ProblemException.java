package dev.shapeslab.web;

import java.util.HashMap;
import java.util.Map;

/**
 * An error the web layer answers itself: a status, a client-facing detail, maybe headers. A plain exception, so that
 * every server's adapter answers it alike; made from the {@link ProblemCatalogue}.
 */
public class ProblemException extends RuntimeException {

    private final int status;
    private final String detail;
    private final Map<String, String> headers;

    public ProblemException(int status, String detail) {
        this(status, detail, Map.of());
    }

    ProblemException(int status, String detail, Map<String, String> headers) {
        super(detail);
        this.status = status;
        this.detail = detail;
        this.headers = headers;
    }

    public int status() {
        return status;
    }

    public String detail() {
        return detail;
    }

    /** The headers the answer carries besides its body's: none, or its catalogue entry's, and any added. */
    public Map<String, String> headers() {
        return headers;
    }

    /** This answer with one more header ({@code Allow} on a 405). */
    public ProblemException with(String header, String value) {
        Map<String, String> more = new HashMap<>(headers);
        more.put(header, value);
        return new ProblemException(status, detail, Map.copyOf(more));
    }

    /** The answer's body, for the request at {@code instance}. */
    public Problem problem(String instance) {
        return Problem.of(status, detail, instance);
    }
}
