/**
 * The JPA backend (Hibernate): the embedded in-memory H2 database by default, an external H2 TCP server with
 * profile {@code h2}, PostgreSQL with profile {@code pg}. Active unless profile {@code stub} is. Flyway
 * creates the schema (src/main/resources/db/migration); Hibernate only validates it.
 *
 * <p>What a store call passes through when the database fails or hangs (a deadline, a fail-fast breaker, the
 * translation of outages into 503s, hooks under and in the connection pool) is in {@code failure}, whose
 * package-info draws the stack; a store here only names the transaction manager
 * ({@link dev.shapeslab.persistence.jpa.failure.JpaTransactions#MANAGER}).
 */
package dev.shapeslab.persistence.jpa;
