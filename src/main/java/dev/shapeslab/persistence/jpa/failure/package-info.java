/**
 * What a JPA store call passes through when the database fails or hangs: the failure layer of the {@code jpa}
 * backend (H2 embedded, H2 over TCP, PostgreSQL). Active unless profile {@code stub} or {@code r2dbc} is; the stores
 * themselves ({@code dev.shapeslab.persistence.jpa}) know none of it but the transaction manager's name.
 *
 * <h2>The stack a store call passes through</h2>
 * <pre>
 *  a variant's service, on the thread it chose (request, blocking pool, virtual)
 *    │ EntityStore.insert(...)                     the store's Spring proxy, outermost advice first:
 *    ▼
 *  StoreCallChain ─┬─ OutageBreaker   open? ─────────────→ StoreUnavailableException at once (503)
 *                  ├─ StoreOutages    a failure that says the database could not answer
 *                  │                  ─────────────────────→ StoreUnavailableException(kind) (503)
 *                  └─ StoreDeadline   starts the call's timer; the thread's Call (a ThreadLocal) collects
 *                                     the connections it touches; at request-timeout the ones it still
 *                                     owns are aborted (ConnectionAborts, per driver)
 *  StoreCallRecording                 the JFR StoreCall event (dev.shapeslab.persistence)
 *  transaction (Spring)  JpaTransactions.ClosedConnectionTolerant: writes flushed before the commit; a commit
 *                        cut off ─────────────────→ StoreOutcomeUnknownException (500, no Retry-After)
 *                        none for a read, nor for a PostgreSQL write: one statement in auto-commit, committed as it
 *                        runs (JpaTransactions.autoCommitted); its answer lost ──→ StoreOutcomeUnknownException
 *    │ JpaCircleStore, ... (Hibernate, or one JDBC statement); PostgresCircleStore, ... (writes: one JDBC statement)
 *    ▼
 *  HikariCP            waits connection-timeout for a free connection; checks an idle one (validation-timeout);
 *                      evicts what H2BrokenConnections (H2) or its own rules (PostgreSQL) call broken
 *    ▼
 *  DeadlineDataSource  under the pool: every physical connection is a proxy whose every call ties it to the
 *                      thread's Call (StoreDeadline.track), the pool's idle check included; connections are
 *                      opened through OutagePolling (tries every outage-poll while the database is away)
 *    ▼
 *  JDBC driver         socket-timeout, connect-timeout (from DatabaseTimeBounds); H2's client: no retries of a
 *                      refused connection, no object cache (H2ClientSettings, as the environment is prepared)
 *    ▼
 *  database
 * </pre>
 * The web layer answers a {@link dev.shapeslab.domain.StoreUnavailableException} 503 problem+json with
 * {@code Retry-After} ({@code Problem.RETRY_AFTER_SECONDS}, the app's only value for it); the failure layer sets
 * no header itself.
 *
 * <h2>The promises</h2>
 * Those of every database backend ({@code dev.shapeslab.persistence}), kept here thus: the deadline bounds whatever
 * the call was blocked in (the wait for a connection, the pool's check, a statement, the commit, the rollback) by
 * aborting the connections the call still owns (PostgreSQL: {@code Connection.abort}; H2 over TCP: its socket is
 * closed; embedded H2: its statement is cancelled); broken connections are evicted, and the pool finds the database
 * within {@code outage-poll} of its return; on H2 the open case of a write is a commit whose answer was lost.
 *
 * <h2>The time bounds and the invariants between them</h2>
 * All are {@link dev.shapeslab.persistence.DatabaseTimeBounds} ({@code shapes.database.*}), whose
 * constructor refuses to start on a broken invariant; {@code DeadlineDataSource.Installer} hands the pool and
 * the driver theirs and refuses them in their old places (Hikari's properties, the JDBC URL).
 * <ul>
 * <li>{@code validation-timeout} &lt; {@code connection-timeout} &lt; {@code request-timeout}: the wait for a free
 * connection holds no connection, so it is the one step the deadline cannot abort and must end first; the
 * idle check runs within that wait.</li>
 * <li>{@code connection-timeout}, {@code validation-timeout} &ge; 250 ms: below it HikariCP quietly uses its own
 * defaults (30 s, 5 s), which would break the first invariant.</li>
 * <li>{@code socket-timeout} and {@code connect-timeout} bound the pool's own threads (opening, checking and
 * closing connections), which no store call's deadline covers; a request never waits on them alone. Whole
 * seconds at least (PostgreSQL counts in seconds).</li>
 * <li>{@code fail-fast} is zero (off) or at least 1 ms; {@code outage-poll} &lt; {@code outage-poll-limit}.</li>
 * <li>Not a duration, but one of the bounds' conditions: a refused connection must fail within
 * {@code connection-timeout}, so that the pool's timed-out wait carries the refusal as its cause (by which an
 * outage is told from a busy pool); H2's client would retry it for longer, and
 * {@link dev.shapeslab.persistence.jpa.failure.H2ClientSettings} turns its retries off.</li>
 * </ul>
 *
 * <h2>The breaker is Resilience4j's, shared with the other drivers</h2>
 * {@link dev.shapeslab.persistence.OutageBreaker}, opened by one outage and open for {@code fail-fast}, configured in
 * that one class for every driver; its class comment says how it differs from the hand-made window it replaced.
 *
 * <h2>Why the deadline reaches into H2</h2>
 * H2's client offers no way to end a read blocked on a hung server: {@code abort} does nothing, {@code close}
 * waits for the lock the blocked reader holds, and a cancel goes to the same hung server. So the deadline closes
 * the socket of a remote H2 session itself ({@link dev.shapeslab.persistence.jpa.failure.ConnectionAborts}),
 * reading the session's private list of transfers by reflection.
 * H2's own {@code NETWORK_TIMEOUT} bounds each read, not the call, and is the pool's own threads' bound too, so it
 * cannot be the request's; what removing the reflection did to the fault tests: docs/faults.md. Those tests also
 * fail if a new H2 renames the private field.
 */
package dev.shapeslab.persistence.jpa.failure;
