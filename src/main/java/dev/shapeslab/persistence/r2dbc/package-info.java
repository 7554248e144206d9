/**
 * The {@code r2dbc} backend: PostgreSQL through r2dbc-postgresql and r2dbc-pool, behind
 * {@link dev.shapeslab.persistence.ReactiveEntityStore}. The schema is the JPA backends' (Flyway, at start); the SQL is
 * {@link dev.shapeslab.persistence.PostgresSql}; every call is the shared {@link dev.shapeslab.persistence.StoreCall}.
 * This driver's own: how a call is cut off ({@link StoreCalls}), what its failures mean ({@code Outages}), the adapter
 * to Monos ({@link ReactorCalls}) and the pool's settings ({@code shapes.r2dbc.pool.*}).
 */
package dev.shapeslab.persistence.r2dbc;
