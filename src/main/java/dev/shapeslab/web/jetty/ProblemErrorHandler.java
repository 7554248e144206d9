package dev.shapeslab.web.jetty;

import dev.shapeslab.web.Problem;
import dev.shapeslab.web.ProblemCatalogue;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpException;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Jetty's own error answers (HTML, or JSON of its own, or empty) as problem+json with a generic detail, on the server
 * (unparsable requests) and the servlet context (which would reach Boot's HTML handler).
 */
public class ProblemErrorHandler extends ErrorHandler {

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        int status = response.getStatus();
        if (request.getAttribute(ERROR_EXCEPTION) instanceof HttpException failure) {
            status = failure.getCode();
            response.setStatus(status);
        }
        if (HttpStatus.hasNoBody(status) || HttpMethod.HEAD.is(request.getMethod())) {
            callback.succeeded();
            return true;
        }
        Problem problem = ProblemCatalogue.refusedByServer(status, instance(request));
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, Problem.MEDIA_TYPE);
        if (status == HttpStatus.SERVICE_UNAVAILABLE_503) {
            ProblemCatalogue.RETRY_AFTER.forEach(response.getHeaders()::put);
        }
        response.write(true, ByteBuffer.wrap(problem.toJson().getBytes(StandardCharsets.UTF_8)), callback);
        return true;
    }

    /**
     * The request's path, or {@code /} for a request Jetty could not read far enough to have one: it stands such a
     * request in for {@code /badMessage} or {@code /badURI}, placeholders that would only name the server.
     */
    private static String instance(Request request) {
        String path = request.getHttpURI() == null ? null : request.getHttpURI().getPath();
        return path == null || path.equals("/badMessage") || path.equals("/badURI") ? "/" : path;
    }
}
