/**
 * The two non-blocking storage ports: {@link dev.shapeslab.persistence.nonblocking.ReactiveEntityStore} answers with
 * Reactor's {@code Mono} ({@code r2dbc}, for {@code async}, {@code rxjava} and {@code webflux}), and
 * {@link dev.shapeslab.persistence.nonblocking.VertxEntityStore} with Vert.x's {@code Future} ({@code pgclient}, for
 * {@code vertx}). Apart from the root, whose store-call policy every driver shares and which imports no reactive
 * library; a port, not a backend: the backends implement it and the variants depend on it ({@code ArchitectureTests}).
 */
package dev.shapeslab.persistence.nonblocking;
