/**
 * Backend {@code pg} under {@code vertx}: the Vert.x PostgreSQL client, non-blocking and pipelined, behind
 * {@link dev.shapeslab.persistence.nonblocking.VertxEntityStore}: Futures, not Monos, since the variant consumes them on the same
 * event loop and Reactor would add two adaptations per call.
 */
package dev.shapeslab.persistence.pgclient;
