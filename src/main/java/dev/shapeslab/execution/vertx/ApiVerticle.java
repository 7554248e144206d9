package dev.shapeslab.execution.vertx;

import dev.shapeslab.web.vertx.VertxProblems;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Router;
import java.util.function.Function;

/**
 * One event loop's share of the API: an HTTP server with its own router. Vert.x spreads the connections of the one
 * listening socket across the instances, so each connection is served by one event loop.
 */
final class ApiVerticle extends VerticleBase {

    private final HttpServerOptions options;
    private final Function<Vertx, Router> routes;
    private volatile HttpServer server;

    ApiVerticle(HttpServerOptions options, Function<Vertx, Router> routes) {
        this.options = options;
        this.routes = routes;
    }

    @Override
    public Future<?> start() {
        return vertx.createHttpServer(options)
                .requestHandler(routes.apply(vertx))
                .invalidRequestHandler(VertxProblems::undecodable)
                .listen()
                .onSuccess(listening -> server = listening);
    }

    int port() {
        return server.actualPort();
    }
}
