/**
 * The {@code r2dbc} backend: PostgreSQL through its non-blocking driver (r2dbc-postgresql) and r2dbc-pool, behind the
 * {@link dev.shapeslab.persistence.ReactiveEntityStore} port. Active with profile {@code r2dbc} only. The schema is the
 * JPA backends' (Flyway, over JDBC, as the app starts); the SQL is written here, for PostgreSQL, and reads a list
 * through an index in the order it is returned, as the JDBC stores do. Every store call is the shared
 * {@link dev.shapeslab.persistence.StoreCall}, held to the promises of every database backend
 * ({@code dev.shapeslab.persistence}) with the shared settings ({@code shapes.database.*}); what is this driver's is how
 * a call is cut off ({@link StoreCalls}), what its failures mean ({@code Outages}) and the policy's adapter to Monos
 * ({@link ReactorCalls}). Its own settings are the pool's size
 * and queue ({@code shapes.r2dbc.pool.*}).
 */
package dev.shapeslab.persistence.r2dbc;
