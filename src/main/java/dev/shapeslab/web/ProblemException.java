package dev.shapeslab.web;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;

/** An error the web layer answers itself, with a status and a client-facing detail. */
public class ProblemException extends WebApplicationException {

    private final String detail;

    public ProblemException(int status, String detail) {
        super(detail, status);
        this.detail = detail;
    }

    /** 503 with {@code Retry-After}: the service is overloaded or too slow now, and the client may retry. */
    public static ProblemException unavailable(String detail) {
        return new ProblemException(detail, Response.status(503)
                .header(HttpHeaders.RETRY_AFTER, Problem.RETRY_AFTER_SECONDS).build());
    }

    /** 415 with {@code Accept-Encoding: identity}: the body has a content coding the service does not decode. */
    public static ProblemException unsupportedContentEncoding(String detail) {
        return new ProblemException(detail, Response.status(415)
                .header(HttpHeaders.ACCEPT_ENCODING, "identity").build());
    }

    private ProblemException(String detail, Response response) {
        super(detail, response);
        this.detail = detail;
    }

    public String detail() {
        return detail;
    }
}
