/**
 * The failure layer of the {@code jpa} backend: what a store call passes through when the database fails or hangs.
 * The stores know none of it but the transaction manager's name. The promises it keeps: docs/faults.md.
 * <pre>
 *  a variant's service, on the thread it chose
 *    │ EntityStore.insert(...)            the store's Spring proxy, outermost advice first:
 *    ▼
 *  StoreCallChain ─┬─ OutageBreaker       open? ──→ StoreUnavailableException at once (503)
 *                  ├─ StoreOutages        a failure that says the database could not answer ──→ 503
 *                  └─ StoreDeadline       at request-timeout, aborts the connections the call still owns
 *  StoreCallRecording                     the JFR StoreCall event
 *  transaction (Spring)                   JpaTransactions: a commit cut off ──→ StoreOutcomeUnknownException (500);
 *                                         none for a read, nor a PostgreSQL write (JpaTransactions.autoCommitted)
 *    │ JpaCircleStore, PostgresCircleStore, ...
 *    ▼
 *  HikariCP                               connection-timeout, validation-timeout; evicts what H2BrokenConnections
 *    ▼                                    or its own rules call broken
 *  DeadlineDataSource                     ties every physical connection to the thread's call (StoreDeadline.track);
 *    ▼                                    opens connections through OutagePolling
 *  JDBC driver                            socket-timeout, connect-timeout; H2ClientSettings
 *    ▼
 *  database
 * </pre>
 */
package dev.shapeslab.persistence.jpa.failure;
