/**
 * The web layer under {@code vertx}: the same promises as the other servers', kept by Vert.x Web's own hooks, which
 * {@link dev.shapeslab.web.vertx.VertxWeb} puts in front of each event loop's router;
 * {@link dev.shapeslab.web.vertx.ManagementRouter} serves the management port.
 */
package dev.shapeslab.web.vertx;
