/**
 * The storage ports the services depend on ({@link dev.shapeslab.persistence.EntityStore}, blocking, and
 * {@link dev.shapeslab.persistence.ReactiveEntityStore}, non-blocking), and one sub-package per backend, each
 * conditional on its store ({@code deployment.ConditionalOnDeployment}): {@code jpa} (embedded H2, H2 over TCP,
 * PostgreSQL), {@code r2dbc}, {@code pgclient} (the Vert.x PostgreSQL client) and {@code stub} (in memory).
 *
 * <p>The store-call policy every database driver keeps lives here, once, so that {@code jpa.failure}, {@code r2dbc}
 * and {@code pgclient} depend on it and not on each other, and it imports none of their libraries: the time bounds
 * ({@link dev.shapeslab.persistence.DatabaseTimeBounds}), the classification of failures
 * ({@link dev.shapeslab.persistence.OutageKinds} over each driver's {@link dev.shapeslab.persistence.StoreErrors}),
 * the breaker ({@link dev.shapeslab.persistence.OutageBreaker}), the JFR recording
 * ({@link dev.shapeslab.persistence.StoreCallRecording}) and the life of a call on a non-blocking driver
 * ({@link dev.shapeslab.persistence.StoreCall}). JDBC's blocking calls keep a deadline of their own
 * ({@code jpa.failure.StoreDeadline}).
 *
 * <h2>The promises of a store call, on every database driver</h2>
 * How each is kept and measured: docs/faults.md.
 * <ul>
 * <li><b>One bound on the whole call</b> ({@code request-timeout}): past it the call fails (503) and the driver cuts
 * off the connection the call still holds, never one it gave back.</li>
 * <li><b>While the database is known to be unreachable, 503 at once</b> for {@code fail-fast}.</li>
 * <li><b>It heals by itself</b>: broken connections are dropped, and new ones opened as the database returns.</li>
 * <li><b>Rejected means not written</b>: a {@link dev.shapeslab.domain.StoreUnavailableException} leaves nothing
 * committed; once a write's statement or COMMIT is sent, a lost answer is a
 * {@link dev.shapeslab.domain.StoreOutcomeUnknownException} (500), never a refusal.</li>
 * <li><b>A bug stays a bug</b>: a failure that does not say the database could not answer passes unchanged (500).</li>
 * </ul>
 */
package dev.shapeslab.persistence;
