/**
 * Backend {@code pg} under variant {@code vertx}: PostgreSQL through the Vert.x PostgreSQL client, non-blocking and
 * pipelined, on the variant's own Vert.x instance, behind the {@link dev.shapeslab.persistence.VertxEntityStore} port.
 * The same server, database, role and secrets as {@code pg} ({@code shapes.pg.*}); the schema is migrated by Flyway
 * over JDBC as the app starts, and then nothing in a request touches JDBC or HikariCP (there is no DataSource). The SQL,
 * the row reading and the outage kinds are those the r2dbc backend sends and reports
 * ({@link dev.shapeslab.persistence.PostgresSql}, {@link dev.shapeslab.persistence.OutageKinds}); every call is the
 * shared {@link dev.shapeslab.persistence.StoreCall} ({@code PgClientCalls}), to the same promises with the same settings
 * ({@code shapes.database.*}) and the same {@link dev.shapeslab.persistence.OutageBreaker} ({@code FutureCalls}); this driver's own part is how a call is cut
 * off ({@code PgClientCalls.abort}, the one use of the client's internals) and what its failures mean ({@code PgClientOutages}). Its own settings: {@code shapes.vertx.pg.*} (pool size, wait queue,
 * pipelining limit).
 *
 * <p>Why a port of Vert.x Futures rather than {@link dev.shapeslab.persistence.ReactiveEntityStore}'s Monos: the client
 * answers Futures on the caller's event loop and the variant consumes Futures there, so a Mono in between would add
 * two adaptations per call and bring Reactor into the variant for nothing; the port lives with the others in
 * {@code persistence}, so that the variant depends on it and not the other way round, and the backend never imports
 * the variant (it is given the {@code Vertx} bean, a library type).
 */
package dev.shapeslab.persistence.pgclient;
