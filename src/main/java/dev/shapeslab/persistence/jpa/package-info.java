/**
 * The JPA backend (Hibernate): the embedded in-memory H2 database by default, an external H2 TCP server with
 * profile {@code h2}, PostgreSQL with profile {@code pg}. Active unless profile {@code stub} is. Flyway
 * creates the schema (src/main/resources/db/migration); Hibernate only validates it.
 */
package dev.shapeslab.persistence.jpa;
