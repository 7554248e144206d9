/**
 * The JPA backend (Hibernate): embedded H2, H2 over TCP ({@code h2}), PostgreSQL ({@code pg}). On PostgreSQL a write
 * is one statement in auto-commit (H2 has no {@code RETURNING} nor data-modifying {@code WITH}); the failure layer is
 * {@code failure}.
 */
package dev.shapeslab.persistence.jpa;
