/**
 * The {@code r2dbc} backend: PostgreSQL through its non-blocking driver (r2dbc-postgresql) and r2dbc-pool, behind the
 * {@link dev.shapeslab.persistence.ReactiveEntityStore} port. Active with profile {@code r2dbc} only. The schema is the
 * JPA backends' (Flyway, over JDBC, as the app starts); the SQL is written here, for PostgreSQL, and reads a list
 * through an index in the order it is returned, as the JDBC stores do. {@link StoreCalls} holds every store call to
 * the same promises as the JDBC backends: one bound on the whole call, a 503 that never commits, and recovery by
 * itself.
 */
package dev.shapeslab.persistence.r2dbc;
