package dev.shapeslab.web.jersey;

import com.fasterxml.jackson.core.JsonProcessingException;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.IOException;
import org.apache.catalina.connector.ClientAbortException;
import org.eclipse.jetty.io.EofException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Guards the writing of a response body.
 *
 * <p>A failure to serialise it is kept away from Jersey's Jackson exception mappers, which would answer it
 * 400 in plain text naming Java classes: it becomes the logged, generic 500 problem instead. (Request bodies
 * get the same treatment in {@link RequestBodyGuard}.)
 *
 * <p>A client that closed its connection before its response was written is not the service's failure:
 * there is nobody left to answer, so the write ends there, logged at DEBUG. Passed on, Jersey logged each
 * at ERROR with a stack trace of 60 lines (a load generator that stops mid-request, a browser tab closed).
 */
public class ResponseBodyGuard implements WriterInterceptor {

    private static final Logger log = LoggerFactory.getLogger(ResponseBodyGuard.class);

    @Override
    public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
        try {
            context.proceed();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("could not serialise the response body", e);
        } catch (ClientAbortException | EofException gone) { // Tomcat's, Jetty's
            log.debug("The client closed its connection before its response was written: {}", gone.getMessage());
        }
    }
}
