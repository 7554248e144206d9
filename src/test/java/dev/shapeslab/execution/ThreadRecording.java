package dev.shapeslab.execution;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import dev.shapeslab.web.vertx.RouterCustomizer;
import java.lang.reflect.Method;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.boot.jersey.autoconfigure.ResourceConfigCustomizer;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.web.server.WebFilter;
import reactor.core.publisher.Mono;

/**
 * Test-only: reports in response headers which thread Jersey (or WebFlux, or Vert.x) handed the request to and which thread wrote
 * the response (Jersey runs response filters on the thread that resumes an async response), and counts the
 * requests in flight between the two, whatever holds them, with the most seen at once.
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

    /**
     * The same under {@code webflux}, where no Jersey runs: a {@code WebFilter} right before the controller, and the
     * response thread the one that commits the response (writes its headers). Unused in a servlet app.
     */
    @Bean
    WebFilter fluxThreadRecorder() {
        return (exchange, chain) -> {
            PEAK.accumulateAndGet(IN_FLIGHT.incrementAndGet(), Math::max);
            String requestThread = Thread.currentThread().getName();
            boolean requestVirtual = isVirtual(Thread.currentThread());
            exchange.getResponse().beforeCommit(() -> {
                exchange.getResponse().getHeaders().add(REQUEST_THREAD, requestThread);
                exchange.getResponse().getHeaders().add(REQUEST_VIRTUAL, Boolean.toString(requestVirtual));
                exchange.getResponse().getHeaders().add(RESPONSE_THREAD, Thread.currentThread().getName());
                IN_FLIGHT.decrementAndGet();
                return Mono.empty();
            });
            return chain.filter(exchange);
        };
    }

    /**
     * The same under {@code vertx}: a handler on the API's router right before the routes, and the response thread the
     * one that writes the response's headers. Unused in the other variants.
     */
    @Bean
    RouterCustomizer vertxThreadRecorder() {
        return router -> router.route().handler(request -> {
            PEAK.accumulateAndGet(IN_FLIGHT.incrementAndGet(), Math::max);
            String requestThread = Thread.currentThread().getName();
            boolean requestVirtual = isVirtual(Thread.currentThread());
            request.addHeadersEndHandler(ending -> {
                request.response().putHeader(REQUEST_THREAD, requestThread)
                        .putHeader(REQUEST_VIRTUAL, Boolean.toString(requestVirtual))
                        .putHeader(RESPONSE_THREAD, Thread.currentThread().getName());
                IN_FLIGHT.decrementAndGet();
            });
            request.next();
        });
    }

    private static final AtomicInteger IN_FLIGHT = new AtomicInteger();
    private static final AtomicInteger PEAK = new AtomicInteger();

    /** Requests Jersey has started and not yet answered. */
    public static int inFlight() {
        return IN_FLIGHT.get();
    }

    /** The most requests in flight at once since {@link #resetPeak()}. */
    public static int peak() {
        return PEAK.get();
    }

    public static void resetPeak() {
        PEAK.set(IN_FLIGHT.get());
    }

    public static class Recorder implements ContainerRequestFilter, ContainerResponseFilter {
        @Override
        public void filter(ContainerRequestContext request) {
            PEAK.accumulateAndGet(IN_FLIGHT.incrementAndGet(), Math::max);
            request.setProperty(REQUEST_THREAD, Thread.currentThread().getName());
            request.setProperty(REQUEST_VIRTUAL, isVirtual(Thread.currentThread()));
        }

        @Override
        public void filter(ContainerRequestContext request, ContainerResponseContext response) {
            if (request.getProperty(REQUEST_THREAD) == null) {
                // Refused before the request filters ran (a method no resource allows, say: Jersey answers TRACE
                // under Jetty, where Tomcat refused it itself), so it was never counted in.
                return;
            }
            response.getHeaders().add(REQUEST_THREAD, request.getProperty(REQUEST_THREAD));
            response.getHeaders().add(REQUEST_VIRTUAL, request.getProperty(REQUEST_VIRTUAL));
            response.getHeaders().add(RESPONSE_THREAD, Thread.currentThread().getName());
            IN_FLIGHT.decrementAndGet();
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
