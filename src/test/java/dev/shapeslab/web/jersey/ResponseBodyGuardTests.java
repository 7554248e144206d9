package dev.shapeslab.web.jersey;

import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import com.fasterxml.jackson.databind.JsonMappingException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.Collection;
import java.util.List;
import org.testng.annotations.Test;

public class ResponseBodyGuardTests {

    /** A context whose writer fails as Jackson does on an entity it cannot serialise. */
    private static final class FailingWrite implements WriterInterceptorContext {
        @Override
        public void proceed() throws JsonMappingException {
            throw JsonMappingException.from((com.fasterxml.jackson.core.JsonGenerator) null,
                    "No serializer found for class com.example.Secret");
        }

        @Override public Object getEntity() { return null; }
        @Override public void setEntity(Object entity) { }
        @Override public OutputStream getOutputStream() { return null; }
        @Override public void setOutputStream(OutputStream os) { }
        @Override public MultivaluedMap<String, Object> getHeaders() { return null; }
        @Override public Object getProperty(String name) { return null; }
        @Override public Collection<String> getPropertyNames() { return List.of(); }
        @Override public void setProperty(String name, Object object) { }
        @Override public void removeProperty(String name) { }
        @Override public Annotation[] getAnnotations() { return new Annotation[0]; }
        @Override public void setAnnotations(Annotation[] annotations) { }
        @Override public Class<?> getType() { return Object.class; }
        @Override public void setType(Class<?> type) { }
        @Override public Type getGenericType() { return Object.class; }
        @Override public void setGenericType(Type genericType) { }
        @Override public MediaType getMediaType() { return MediaType.APPLICATION_JSON_TYPE; }
        @Override public void setMediaType(MediaType mediaType) { }
    }

    @Test
    public void aSerialisationFailureBecomesAnUnexpectedErrorNotAJacksonOne() {
        IllegalStateException failure = expectThrows(IllegalStateException.class,
                () -> new ResponseBodyGuard().aroundWriteTo(new FailingWrite()));

        // Jersey's Jackson mappers only map Jackson's own exception types; an IllegalStateException reaches the
        // catch-all mapper (logged, generic 500) instead.
        assertTrue(failure.getCause() instanceof JsonMappingException);
    }
}
