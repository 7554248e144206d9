/**
 * Backend {@code pg} under variant {@code vertx}: PostgreSQL through the Vert.x PostgreSQL client, non-blocking and
 * pipelined, on the variant's own Vert.x instance, behind {@link dev.shapeslab.persistence.VertxEntityStore}. The same
 * server and secrets as {@code pg} ({@code shapes.pg.*}); Flyway migrates over JDBC at start, then no request touches
 * JDBC. The SQL, the outage kinds, the call ({@link dev.shapeslab.persistence.StoreCall}) and the breaker are the ones
 * every non-blocking driver shares; this driver's own part is how a call is cut off ({@code PgClientCalls.abort}) and
 * what its failures mean ({@code PgClientOutages}). Its settings: {@code shapes.vertx.pg.*}.
 *
 * <p>A port of Vert.x Futures, not Monos: the client answers Futures on the caller's event loop and the variant
 * consumes them there, so a Mono would add two adaptations per call and bring Reactor into the variant for nothing.
 */
package dev.shapeslab.persistence.pgclient;
