package dev.shapeslab.web;

import com.fasterxml.jackson.core.io.JsonStringEncoder;

/**
 * The body of every error response, RFC 9457 {@code application/problem+json}. One shape for all errors;
 * {@code detail} is written for the client and never carries stack traces, class names, SQL or parser output.
 */
public record Problem(String type, String title, int status, String detail, String instance) {

    public static final String MEDIA_TYPE = "application/problem+json";

    /** Every 503 says when to try again: the service is at capacity or its database is unavailable now. */
    public static final long RETRY_AFTER_SECONDS = 1;

    public static Problem of(int status, String detail, String instance) {
        return new Problem("about:blank", titleOf(status), status, detail, instance);
    }

    /** This problem as JSON, for answers written without a JSON provider (admission, the container's errors). */
    public String toJson() {
        return "{\"type\":" + quote(type) + ",\"title\":" + quote(title) + ",\"status\":" + status
                + ",\"detail\":" + quote(detail) + ",\"instance\":" + quote(instance) + "}";
    }

    private static String quote(String text) {
        return "\"" + new String(JsonStringEncoder.getInstance().quoteAsString(text)) + "\"";
    }

    /**
     * The reason phrase JAX-RS's {@code Response.Status} gives a status (the titles every server answered when this
     * class was built on it, kept word for word: {@code ProblemTests} compares them), and a title for the others.
     */
    private static String titleOf(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 201 -> "Created";
            case 202 -> "Accepted";
            case 204 -> "No Content";
            case 205 -> "Reset Content";
            case 206 -> "Partial Content";
            case 300 -> "Multiple Choices";
            case 301 -> "Moved Permanently";
            case 302 -> "Found";
            case 303 -> "See Other";
            case 304 -> "Not Modified";
            case 305 -> "Use Proxy";
            case 307 -> "Temporary Redirect";
            case 308 -> "Permanent Redirect";
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 402 -> "Payment Required";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 406 -> "Not Acceptable";
            case 407 -> "Proxy Authentication Required";
            case 408 -> "Request Timeout";
            case 409 -> "Conflict";
            case 410 -> "Gone";
            case 411 -> "Length Required";
            case 412 -> "Precondition Failed";
            case 413 -> "Request Entity Too Large";
            case 414 -> "Request-URI Too Long";
            case 415 -> "Unsupported Media Type";
            case 416 -> "Requested Range Not Satisfiable";
            case 417 -> "Expectation Failed";
            case 422 -> "Unprocessable Content";
            case 428 -> "Precondition Required";
            case 429 -> "Too Many Requests";
            case 431 -> "Request Header Fields Too Large";
            case 451 -> "Unavailable For Legal Reasons";
            case 500 -> "Internal Server Error";
            case 501 -> "Not Implemented";
            case 502 -> "Bad Gateway";
            case 503 -> "Service Unavailable";
            case 504 -> "Gateway Timeout";
            case 505 -> "HTTP Version Not Supported";
            case 511 -> "Network Authentication Required";
            default -> "Error " + status;
        };
    }
}
