/**
 * The storage port the services depend on, and one sub-package per backend, each tagged with its Spring
 * profile: {@code jpa} (embedded H2 by default, an external H2 TCP server with profile {@code h2},
 * PostgreSQL with profile {@code pg}) and {@code stub} (in memory, with optional injected latency).
 */
package dev.shapeslab.persistence;
