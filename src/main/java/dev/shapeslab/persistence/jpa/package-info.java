/**
 * The JPA backend (Hibernate): the embedded in-memory H2 database by default, an external H2 TCP server with
 * profile {@code h2}, PostgreSQL with profile {@code pg} (but under {@code vertx}): the deployment's stores
 * {@code JDBC_ON_H2} and {@code JDBC_ON_PG}, on which its beans are conditional ({@code ConditionalOnDeployment}). Flyway
 * creates the schema (src/main/resources/db/migration); Hibernate only validates it.
 *
 * <p>On H2 a write is a Hibernate transaction ({@code Jpa*Store}). On PostgreSQL it is one statement in the database's
 * auto-commit, sent with plain JDBC on the session's connection ({@code Postgres*Store}, {@link SingleStatementWrite}),
 * the SQL the other PostgreSQL backends send ({@link dev.shapeslab.persistence.PostgresSql}): one round trip instead
 * of two to eight. H2 keeps Hibernate because it has neither {@code INSERT ... RETURNING} nor data-modifying
 * {@code WITH}, and its embedded database makes no round trip at all. Reads are one statement in auto-commit on both.
 *
 * <p>What a store call passes through when the database fails or hangs (a deadline, a fail-fast breaker, the
 * translation of outages into 503s, hooks under and in the connection pool) is in {@code failure}, whose
 * package-info draws the stack; a store here only names the transaction manager
 * ({@link dev.shapeslab.persistence.jpa.failure.JpaTransactions#MANAGER}) and runs a PostgreSQL write statement
 * through {@link dev.shapeslab.persistence.jpa.failure.JpaTransactions#autoCommitted}, which reports its lost answer
 * as an unknown outcome.
 */
package dev.shapeslab.persistence.jpa;
