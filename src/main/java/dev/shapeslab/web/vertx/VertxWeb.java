package dev.shapeslab.web.vertx;

import dev.shapeslab.web.admission.AdmissionSettings;
import dev.shapeslab.web.admission.VertxAdmission;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.BodyHandler;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * What the service puts in front of the API's routes under {@code vertx}, in this order: the request timer, admission,
 * the body rules and limit; then the customizers' routes and the API's; and problem+json for every error.
 */
public final class VertxWeb {

    /** Tomcat reads 8 KB of request line, Reactor Netty here 8 KB too; Vert.x's own default is 4 KB. */
    static final int MAX_INITIAL_LINE_LENGTH = 8192;

    private final VertxAdmission admission;
    private final RequestMetrics metrics;
    private final VertxBodyGuard bodyGuard;
    private final long maxBodyBytes;
    private final VertxProblems problems;

    /** {@code allowedMethods}: the {@code Allow} header of a path, for a 405. */
    public VertxWeb(VertxAdmission admission, MeterRegistry registry, long maxBodyBytes,
                    Function<String, String> allowedMethods) {
        this.admission = admission;
        this.metrics = new RequestMetrics(registry);
        this.bodyGuard = new VertxBodyGuard(maxBodyBytes);
        this.maxBodyBytes = maxBodyBytes;
        this.problems = new VertxProblems(maxBodyBytes, allowedMethods);
    }

    /** Admission control for the server, answering its 503s as every error here is answered ({@link VertxProblems}). */
    public static VertxAdmission admission(AdmissionSettings settings) {
        return new VertxAdmission(settings, VertxProblems::answer, VertxProblems::declaresBody);
    }

    /** One event loop's router: the same handlers (admission is one for the server), a router of its own. */
    public Router router(Vertx vertx, List<RouterCustomizer> customizers, Consumer<Router> routes) {
        Router router = Router.router(vertx);
        router.route().handler(metrics);
        router.route().handler(admission);
        router.route().handler(bodyGuard);
        // The body, read as it arrives and cut off past the limit (413); file uploads off: nothing goes to disk. On every
        // route (a request without a body passes at once): one limited to some methods would make Vert.x Web answer
        // 405 rather than 404 to an unknown path.
        router.route().handler(BodyHandler.create(false).setBodyLimit(maxBodyBytes));
        customizers.forEach(customizer -> customizer.customize(router));
        routes.accept(router);
        problems.installOn(router);
        return router;
    }

    /** The API server's options: HTTP/1.1 as the other variants serve it, with Tomcat's request-line bound. */
    public static HttpServerOptions serverOptions(String host, int port) {
        return new HttpServerOptions().setHost(host).setPort(port)
                .setMaxInitialLineLength(MAX_INITIAL_LINE_LENGTH)
                .setCompressionSupported(false);
    }
}
