/**
 * The JPA backend (Hibernate): embedded H2 by default, an external H2 TCP server ({@code h2}), PostgreSQL ({@code pg},
 * but under {@code vertx}). Flyway creates the schema (src/main/resources/db/migration); Hibernate only validates it.
 *
 * <p>On H2 a write is a Hibernate transaction ({@code Jpa*Store}); on PostgreSQL one statement in auto-commit
 * ({@code Postgres*Store}, {@link SingleStatementWrite}): one round trip instead of two to eight. H2 keeps Hibernate:
 * it has neither {@code INSERT ... RETURNING} nor data-modifying {@code WITH}, and embedded it makes no round trip.
 * What a store call passes through when the database fails or hangs is in {@code failure}.
 */
package dev.shapeslab.persistence.jpa;
