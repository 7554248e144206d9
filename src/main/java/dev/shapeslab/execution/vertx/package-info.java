/**
 * Variant {@code vertx}: Vert.x Web on Vert.x's own HTTP server, inside the Spring app, which wires the beans and starts
 * no web server of its own; {@link dev.shapeslab.execution.vertx.VertxServer} deploys one verticle per event loop. A
 * request is read and answered on one event loop; blocking store calls run on the
 * {@link dev.shapeslab.execution.BlockingPool}. The web layer's promises are {@code web.vertx}'s.
 */
package dev.shapeslab.execution.vertx;
