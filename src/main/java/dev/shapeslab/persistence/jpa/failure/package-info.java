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
 * The web layer answers a {@link dev.shapeslab.domain.StoreUnavailableException} 503 with {@code Retry-After}; the
 * failure layer sets no header itself.
 *
 * <p>The promises are those of every database backend ({@code dev.shapeslab.persistence}; docs/faults.md says how each
 * is kept). The time bounds and the invariants between them: {@link dev.shapeslab.persistence.DatabaseTimeBounds},
 * whose constructor refuses a broken one; {@code DeadlineDataSource.Installer} hands the pool and the driver theirs.
 * Why the deadline closes a remote H2 session's socket by reflection: {@link ConnectionAborts} and docs/faults.md
 * ("Every request is bounded").
 */
package dev.shapeslab.persistence.jpa.failure;
