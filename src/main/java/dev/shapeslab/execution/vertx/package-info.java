/**
 * Variant {@code vertx}: Vert.x Web on Vert.x's own HTTP server, inside the Spring app. Spring wires the beans (the
 * domain rules, the stores, the metrics registry) and starts no web server of its own
 * ({@code application-vertx.properties}); {@link dev.shapeslab.execution.vertx.VertxServer} then deploys one verticle
 * per event loop, whose router's handlers use those beans. A request is read and answered on one event loop; blocking
 * store calls (the JDBC backends, the stub) run on the bounded, named blocking pool
 * ({@link dev.shapeslab.execution.BlockingPool}), their results handed back to the event loop, and the stub's latency
 * is waited for on a Vert.x timer. One generic class serves each entity ({@code VertxCrudHandlers}): a router needs no
 * class per path. What the web layer promises (admission, body rules, problem+json) is in {@code web.vertx}.
 */
package dev.shapeslab.execution.vertx;
