package dev.shapeslab.web.vertx;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.vertx.core.Handler;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.RoutingContext;
import java.util.concurrent.TimeUnit;

/**
 * Times every request as the other servers do ({@code http.server.requests}, same tags), so that one dashboard reads
 * every variant: the router's first handler, stopped when the response has ended.
 */
public final class RequestMetrics implements Handler<RoutingContext> {

    private static final String TEMPLATE = "shapes.uri.template";

    private final MeterRegistry registry;

    RequestMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    public void handle(RoutingContext request) {
        long started = System.nanoTime();
        request.addEndHandler(ended -> {
            int status = request.response().getStatusCode();
            Timer.builder("http.server.requests")
                    .tag("method", request.request().method().name())
                    .tag("uri", uri(request, status))
                    .tag("status", Integer.toString(status))
                    .tag("outcome", outcome(status))
                    .register(registry)
                    .record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
        });
        request.next();
    }

    /**
     * Names the route template a request matched, for its {@code uri} tag, before its handler runs: a failure is
     * answered by the router's failure handler, whose route is not the one the request matched.
     */
    public static Handler<RoutingContext> tagged(String template, Handler<RoutingContext> handler) {
        return request -> {
            request.put(TEMPLATE, template);
            handler.handle(request);
        };
    }

    /** The template of the route that answered ({@code /circles/{id}}), as Spring's; a bounded set of values. */
    private static String uri(RoutingContext request, int status) {
        String template = request.get(TEMPLATE);
        if (template != null) {
            return template;
        }
        Route route = request.currentRoute();
        String path = route == null ? null : route.getPath();
        if (path == null || path.equals("/")) {
            return status == 404 ? "NOT_FOUND" : "UNKNOWN";
        }
        return path.replaceAll(":([A-Za-z]+)", "{$1}");
    }

    private static String outcome(int status) {
        return status < 200 ? "INFORMATIONAL" : status < 300 ? "SUCCESS" : status < 400 ? "REDIRECTION"
                : status < 500 ? "CLIENT_ERROR" : "SERVER_ERROR";
    }
}
