/**
 * The storage ports the services depend on ({@link dev.shapeslab.persistence.EntityStore}, blocking, and
 * {@link dev.shapeslab.persistence.ReactiveEntityStore}, non-blocking), and one sub-package per backend, each conditional
 * on its store ({@code deployment.ConditionalOnDeployment}), which the backend's profile chooses: {@code jpa} (embedded H2 by default, an external H2 TCP server with profile {@code h2},
 * PostgreSQL with profile {@code pg}), {@code r2dbc} (PostgreSQL through its non-blocking driver) and {@code stub}
 * (in memory, with optional injected latency).
 *
 * <p>The store-call policy every database driver keeps lives here, once, so that {@code jpa.failure}, {@code r2dbc} and
 * {@code pgclient} depend on it and not on each other, and it imports none of their libraries: the time bounds
 * ({@link dev.shapeslab.persistence.DatabaseTimeBounds}, {@code shapes.database.*}); the classification of a failed
 * call and the deadline's failures ({@link dev.shapeslab.persistence.OutageKinds}), over what each driver says its failures mean
 * ({@link dev.shapeslab.persistence.StoreErrors}); the breaker that outages open
 * ({@link dev.shapeslab.persistence.OutageBreaker}, Resilience4j's circuit breaker, configured once); and the JFR
 * recording ({@link dev.shapeslab.persistence.StoreCallRecording}). Each driver writes how a deadline cuts its call
 * off, on its execution model's timer ({@code jpa.failure.StoreDeadline}, {@code r2dbc.StoreCalls},
 * {@code pgclient.PgClientCalls}), its {@code StoreErrors}, and an adapter to its Monos or Futures.
 *
 * <h2>The promises of a store call, on every database driver</h2>
 * <ul>
 * <li><b>One bound on the whole call</b> ({@code request-timeout}): the wait for a connection, the statements, the
 * commit. Past it the call fails (503, "did not answer in time", or "no database connection within the wait" when it
 * had none), and the driver cuts off the connection the call still holds, so that nothing of the call keeps running
 * or holds a slot, whatever the database does; never a connection the call gave back.</li>
 * <li><b>While the database is known to be unreachable, 503 at once</b> for {@code fail-fast}; then every call tries
 * again, and the first to end closes the breaker or opens another window.</li>
 * <li><b>It heals by itself</b>: broken connections are dropped, and new ones opened as the database returns.</li>
 * <li><b>Rejected means not written</b>: a {@link dev.shapeslab.domain.StoreUnavailableException} leaves nothing
 * committed. Once a write's one statement in auto-commit (PostgreSQL) or its COMMIT (a transaction) is sent, a deadline
 * or a broken connection is a {@link dev.shapeslab.domain.StoreOutcomeUnknownException} (500), never a refusal; a
 * failure before it was sent, or an answer (an error), is still a refusal.</li>
 * <li><b>A bug stays a bug</b>: any failure that does not say the database could not answer passes unchanged
 * (500).</li>
 * </ul>
 */
package dev.shapeslab.persistence;
