/**
 * The {@code r2dbc} backend: PostgreSQL through its non-blocking driver (r2dbc-postgresql) and r2dbc-pool, behind the
 * {@link dev.shapeslab.persistence.ReactiveEntityStore} port. Active with profile {@code r2dbc} only. The schema is the
 * JPA backends' (Flyway, over JDBC, as the app starts); the SQL is written here, for PostgreSQL, and reads a list
 * through an index in the order it is returned, as the JDBC stores do. {@link StoreCalls} holds every store call to
 * the same promises as the JDBC backends, with the same settings ({@link dev.shapeslab.persistence.DatabaseTimeBounds},
 * {@code shapes.database.*}): one bound on the whole call, a 503 that never commits (each write is one statement in
 * auto-commit: a lost answer is an unknown outcome, a failure before it was sent a 503), 503s at once while the database
 * is known to be unreachable (the JDBC backends' {@link dev.shapeslab.persistence.OutageBreaker}), and recovery by
 * itself. Its own settings are the pool's size and queue ({@code shapes.r2dbc.pool.*}).
 */
package dev.shapeslab.persistence.r2dbc;
