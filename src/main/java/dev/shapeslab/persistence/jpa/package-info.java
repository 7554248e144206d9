/**
 * The JPA backend (Hibernate over H2): the embedded in-memory database by default, an external H2 TCP server
 * with profile {@code h2}. Active unless profile {@code stub} is.
 */
package dev.shapeslab.persistence.jpa;
