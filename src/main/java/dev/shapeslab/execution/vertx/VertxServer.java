package dev.shapeslab.execution.vertx;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shapeslab.web.ProblemCatalogue;
import dev.shapeslab.web.vertx.ManagementRouter;
import dev.shapeslab.web.vertx.RouterCustomizer;
import dev.shapeslab.web.vertx.VertxWeb;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.info.InfoEndpoint;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus.PrometheusScrapeEndpoint;
import org.springframework.context.SmartLifecycle;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Serves the API on Vert.x once Spring has wired every bean, one {@link ApiVerticle} per event loop, and the management
 * router; publishes the bound ports as Boot does, and stops before Spring destroys the beans they use.
 */
final class VertxServer implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(VertxServer.class);
    private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

    private final Vertx vertx;
    private final VertxWeb web;
    private final VertxApi api;
    private final ObjectProvider<RouterCustomizer> customizers;
    private final ConfigurableEnvironment environment;
    private final int eventLoops;
    private final ObjectProvider<HealthEndpoint> health;
    private final ObjectProvider<InfoEndpoint> info;
    private final ObjectProvider<PrometheusScrapeEndpoint> prometheus;
    private final ObjectMapper json;
    private final List<String> deployments = new ArrayList<>();
    private HttpServer management;
    private volatile boolean running;

    VertxServer(Vertx vertx, VertxWeb web, VertxApi api, ObjectProvider<RouterCustomizer> customizers,
                ConfigurableEnvironment environment, int eventLoops, ObjectProvider<HealthEndpoint> health,
                ObjectProvider<InfoEndpoint> info, ObjectProvider<PrometheusScrapeEndpoint> prometheus, ObjectMapper json) {
        this.vertx = vertx;
        this.web = web;
        this.api = api;
        this.customizers = customizers;
        this.environment = environment;
        this.eventLoops = eventLoops;
        this.health = health;
        this.info = info;
        this.prometheus = prometheus;
        this.json = json;
    }

    int eventLoops() {
        return eventLoops;
    }

    @Override
    public void start() {
        String host = environment.getProperty("server.address", "127.0.0.1");
        int configured = environment.getProperty("server.port", Integer.class, 8080);
        // The problem body's classes load here, on Spring's thread: Problem's media type pulls in Jersey's header
        // parser, whose loading would otherwise hold an event loop at the first error (class loading blocks).
        ProblemCatalogue.SERVER_FAILED.problem("/").toJson();
        List<RouterCustomizer> routes = customizers.orderedStream().toList();
        // One server per event loop on the same host and port: Vert.x binds the socket once and shares it among them.
        // Not for port 0, where each would bind a random port of its own: a free port is chosen first (the tests).
        int port = configured == 0 ? freePort(host) : configured;
        List<ApiVerticle> verticles = new CopyOnWriteArrayList<>();
        deployments.add(await(vertx.deployVerticle(() -> {
            ApiVerticle verticle = new ApiVerticle(VertxWeb.serverOptions(host, port),
                    loop -> web.router(loop, routes, api::mount));
            verticles.add(verticle);
            return verticle;
        }, new DeploymentOptions().setInstances(eventLoops))));
        int bound = verticles.get(0).port();
        if (verticles.stream().anyMatch(verticle -> verticle.port() != bound)) {
            throw new IllegalStateException("Vert.x bound the API's servers to different ports");
        }
        Map<String, Object> ports = new HashMap<>();
        ports.put("local.server.port", bound);
        int managementPort = environment.getProperty("management.server.port", Integer.class, -1);
        if (managementPort >= 0) {
            management = await(vertx.createHttpServer()
                    .requestHandler(ManagementRouter.router(vertx, health.getIfAvailable(), info.getIfAvailable(),
                            prometheus.getIfAvailable(), json))
                    .listen(managementPort, environment.getProperty("management.server.address", "127.0.0.1")));
            ports.put("local.management.port", management.actualPort());
        }
        environment.getPropertySources().addFirst(new MapPropertySource("vertx.server.ports", ports));
        running = true;
        log.info("Vert.x serves the API on {}:{} with {} event loops; management on port {}", host, bound, eventLoops,
                ports.getOrDefault("local.management.port", "(none)"));
    }

    @Override
    public void stop() {
        running = false;
        for (String deployment : deployments) {
            await(vertx.undeploy(deployment));
        }
        deployments.clear();
        if (management != null) {
            await(management.close());
            management = null;
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** As Boot's web servers: started after the other lifecycle beans, stopped before them. */
    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE - 1024;
    }

    private static int freePort(String host) {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName(host))) {
            return probe.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free port on " + host, e);
        }
    }

    /** Start-up and shutdown wait for Vert.x: called on Spring's thread, never on an event loop. */
    private static <T> T await(Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception failed) {
            throw new IllegalStateException("Vert.x did not start or stop the server: " + failed.getMessage(), failed);
        }
    }
}
