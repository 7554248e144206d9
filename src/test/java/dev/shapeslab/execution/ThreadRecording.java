package dev.shapeslab.execution;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import java.lang.reflect.Method;
import org.springframework.boot.jersey.autoconfigure.ResourceConfigCustomizer;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * Test-only: reports in response headers which thread Jersey handed the request to and which thread wrote
 * the response (Jersey runs response filters on the thread that resumes an async response).
 */
@TestConfiguration
public class ThreadRecording {

    public static final String REQUEST_THREAD = "X-Test-Request-Thread";
    public static final String REQUEST_VIRTUAL = "X-Test-Request-Virtual";
    public static final String RESPONSE_THREAD = "X-Test-Response-Thread";

    @Bean
    ResourceConfigCustomizer threadRecorder() {
        return config -> config.register(Recorder.class);
    }

    public static class Recorder implements ContainerRequestFilter, ContainerResponseFilter {
        @Override
        public void filter(ContainerRequestContext request) {
            request.setProperty(REQUEST_THREAD, Thread.currentThread().getName());
            request.setProperty(REQUEST_VIRTUAL, isVirtual(Thread.currentThread()));
        }

        @Override
        public void filter(ContainerRequestContext request, ContainerResponseContext response) {
            response.getHeaders().add(REQUEST_THREAD, request.getProperty(REQUEST_THREAD));
            response.getHeaders().add(REQUEST_VIRTUAL, request.getProperty(REQUEST_VIRTUAL));
            response.getHeaders().add(RESPONSE_THREAD, Thread.currentThread().getName());
        }
    }

    /** {@code Thread.isVirtual()} is a JDK 21 API; the tests compile for 17. */
    public static boolean isVirtual(Thread thread) {
        try {
            Method isVirtual = Thread.class.getMethod("isVirtual");
            return (Boolean) isVirtual.invoke(thread);
        } catch (NoSuchMethodException e) {
            return false;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
