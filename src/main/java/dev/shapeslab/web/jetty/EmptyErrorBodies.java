package dev.shapeslab.web.jetty;

import dev.shapeslab.web.Problem;
import dev.shapeslab.web.ProblemCatalogue;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * A problem body for error responses the servlet context leaves empty, as Tomcat's {@code ProblemErrorReportValve}
 * gives: a last write with nothing before it, an error status and nothing committed carries the problem instead.
 */
final class EmptyErrorBodies extends Handler.Wrapper {

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        if (HttpMethod.HEAD.is(request.getMethod())) {
            return super.handle(request, response, callback);
        }
        return super.handle(request, new ProblemIfEmpty(request, response), callback);
    }

    private static final class ProblemIfEmpty extends Response.Wrapper {
        /** Whether any content has been written (the writes of one response come one after another). */
        private boolean written;

        ProblemIfEmpty(Request request, Response response) {
            super(request, response);
        }

        @Override
        public void write(boolean last, ByteBuffer content, Callback callback) {
            boolean empty = content == null || !content.hasRemaining();
            int status = getStatus();
            if (last && empty && !written && status >= 400 && !HttpStatus.hasNoBody(status) && !isCommitted()) {
                String path = getRequest().getHttpURI().getPath();
                byte[] body = ProblemCatalogue.refusedByServer(status, path == null ? "/" : path).toJson()
                        .getBytes(StandardCharsets.UTF_8);
                getHeaders().put(HttpHeader.CONTENT_TYPE, Problem.MEDIA_TYPE);
                getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
                content = ByteBuffer.wrap(body);
            }
            written |= !empty;
            super.write(last, content, callback);
        }
    }
}
