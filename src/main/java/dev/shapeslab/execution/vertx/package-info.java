/**
 * Variant {@code vertx}: Vert.x Web on Vert.x's own HTTP server, in a Spring app that starts no web server of its own.
 * A request is read and answered on one event loop; blocking store calls run on the BlockingPool.
 */
package dev.shapeslab.execution.vertx;
