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
 * Guards the writing of a response body: a serialisation failure is the generic 500 problem, not a plain-text 400
 * naming Java classes; a client gone ends the write at DEBUG, not a 60-line ERROR.
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
