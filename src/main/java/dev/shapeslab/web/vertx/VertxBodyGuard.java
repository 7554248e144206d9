package dev.shapeslab.web.vertx;

import dev.shapeslab.web.ProblemException;
import dev.shapeslab.web.RequestBodyRules;
import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;

/**
 * The rules of {@link RequestBodyRules} before a body is read, from its headers, on the event loop. A body without a
 * declared length is cut off by Vert.x Web's {@code BodyHandler} at the same limit (413 too).
 */
final class VertxBodyGuard implements Handler<RoutingContext> {

    private final long maxBytes;

    VertxBodyGuard(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    @Override
    public void handle(RoutingContext request) {
        MultiMap headers = request.request().headers();
        long length = contentLength(headers.get(HttpHeaders.CONTENT_LENGTH));
        ProblemException refused = RequestBodyRules.refusal(length, maxBytes, headers.get(HttpHeaders.CONTENT_ENCODING),
                () -> charsetOf(headers.get(HttpHeaders.CONTENT_TYPE)),
                () -> length > 0 || headers.contains(HttpHeaders.TRANSFER_ENCODING));
        if (refused != null) {
            request.fail(refused);
        } else {
            request.next();
        }
    }

    /** The declared length, or -1 without one (Vert.x's decoder has refused a malformed one already). */
    private static long contentLength(String header) {
        try {
            return header == null ? -1 : Long.parseLong(header.trim());
        } catch (NumberFormatException malformed) {
            return -1;
        }
    }

    /** The charset parameter of a Content-Type, quoted or not; none in a malformed one (refused later, 415). */
    static String charsetOf(String contentType) {
        if (contentType == null) {
            return null;
        }
        String[] parts = contentType.split(";");
        for (int i = 1; i < parts.length; i++) {
            int equals = parts[i].indexOf('=');
            if (equals > 0 && parts[i].substring(0, equals).trim().equalsIgnoreCase("charset")) {
                return parts[i].substring(equals + 1).trim().replace("\"", "");
            }
        }
        return null;
    }
}
