package dev.shapeslab.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.IOException;

/**
 * Keeps a failure to serialise a response away from Jersey's Jackson exception mappers, which would answer
 * it 400 in plain text naming Java classes: it becomes the logged, generic 500 problem instead. (Request
 * bodies get the same treatment in {@link RequestBodyGuard}.)
 */
public class ResponseBodyGuard implements WriterInterceptor {

    @Override
    public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
        try {
            context.proceed();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("could not serialise the response body", e);
        }
    }
}
