/**
 * The storage ports the services depend on ({@link dev.shapeslab.persistence.EntityStore}, blocking, and
 * {@link dev.shapeslab.persistence.ReactiveEntityStore}, non-blocking), and one sub-package per backend, each tagged
 * with its Spring profile: {@code jpa} (embedded H2 by default, an external H2 TCP server with profile {@code h2},
 * PostgreSQL with profile {@code pg}), {@code r2dbc} (PostgreSQL through its non-blocking driver) and {@code stub}
 * (in memory, with optional injected latency).
 *
 * <p>What both database stacks share lives here, so that {@code jpa.failure} and {@code r2dbc} depend on it and not
 * on each other: the time bounds ({@link dev.shapeslab.persistence.DatabaseTimeBounds}, {@code shapes.database.*}),
 * the names of the outages ({@link dev.shapeslab.persistence.OutageKinds}), and the breaker they open
 * ({@link dev.shapeslab.persistence.OutageBreaker}, Resilience4j's circuit breaker, configured once).
 */
package dev.shapeslab.persistence;
