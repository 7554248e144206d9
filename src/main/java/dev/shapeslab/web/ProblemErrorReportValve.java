package dev.shapeslab.web;

import java.io.IOException;
import java.io.Writer;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;

/**
 * Tomcat's own error answers (TRACE, /WEB-INF, a malformed request line...) as problem+json with a generic detail, not
 * its HTML page, and a body for error responses left empty (Jersey's bare 400 for a malformed {@code Content-Type}).
 */
public class ProblemErrorReportValve extends ErrorReportValve {

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        // Reported here: errors Tomcat raised (sendError), and empty error responses others left as they were.
        if (status < 400 || response.getContentWritten() > 0 || response.isCommitted()
                || (response.isError() && !response.setErrorReported())) {
            return;
        }
        AtomicBoolean ioAllowed = new AtomicBoolean(true);
        response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
        if (!ioAllowed.get()) {
            return;
        }
        String instance = request.getDecodedRequestURI() == null ? "/" : request.getDecodedRequestURI();
        Problem problem = ProblemCatalogue.refusedByServer(status, instance);
        try {
            response.setContentType(Problem.MEDIA_TYPE);
            response.setCharacterEncoding("UTF-8");
            Writer writer = response.getReporter();
            if (writer != null) {
                writer.write(problem.toJson());
                response.finishResponse();
            }
        } catch (IOException | IllegalStateException ignored) {
            // the client is gone or the response was committed meanwhile: nothing more to say
        }
    }
}
