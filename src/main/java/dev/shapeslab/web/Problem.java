package dev.shapeslab.web;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The body of every error response, RFC 9457 {@code application/problem+json}. One shape for all errors;
 * {@code detail} is written for the client and never carries stack traces, class names, SQL or parser output.
 */
public record Problem(String type, String title, int status, String detail, String instance) {

    public static final String MEDIA_TYPE = "application/problem+json";
    public static final MediaType MEDIA = MediaType.valueOf(MEDIA_TYPE);

    /** Every 503 says when to try again: the service is at capacity or its database is unavailable now. */
    public static final long RETRY_AFTER_SECONDS = 1;

    public static Problem of(int status, String detail, String instance) {
        Response.StatusType statusType = Response.Status.fromStatusCode(status);
        String title = statusType != null ? statusType.getReasonPhrase() : titleOf(status);
        return new Problem("about:blank", title, status, detail, instance);
    }

    public Response.ResponseBuilder toResponse() {
        return Response.status(status).type(MEDIA).entity(this);
    }

    /** This problem as JSON, for answers written outside Jersey (admission control, the container's errors). */
    public String toJson() {
        return "{\"type\":" + quote(type) + ",\"title\":" + quote(title) + ",\"status\":" + status
                + ",\"detail\":" + quote(detail) + ",\"instance\":" + quote(instance) + "}";
    }

    /**
     * The detail of an error the server itself answered (a request Jersey never saw), generic whatever the server's
     * own message said: Tomcat's ({@link ProblemErrorReportValve}) and Jetty's ({@code jetty.ProblemErrorHandler}).
     */
    public static String containerDetail(int status) {
        return switch (status) {
            case 400 -> "The request could not be read";
            case 404 -> "No resource here";
            case 405 -> "Method not allowed here";
            case 413 -> "The request is too large";
            case 414 -> "The request's URI is too long";
            case 431 -> "The request's headers are too large";
            case 505 -> "HTTP version not supported";
            default -> status >= 500 ? "The server could not complete the request" : "The request was refused";
        };
    }

    private static String quote(String text) {
        return "\"" + new String(JsonStringEncoder.getInstance().quoteAsString(text)) + "\"";
    }

    private static String titleOf(int status) {
        return switch (status) {
            case 413 -> "Content Too Large";
            case 422 -> "Unprocessable Content";
            default -> "Error " + status;
        };
    }
}
