/**
 * The {@code stub} backend: thread-safe in-memory stores with the JPA stores' observable semantics, and no
 * JDBC, connection pool or Hibernate started. {@code stub.latency} delays every operation.
 */
package dev.shapeslab.persistence.stub;
