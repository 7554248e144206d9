package dev.shapeslab.persistence.jpa;

import dev.shapeslab.persistence.jpa.failure.JpaTransactions;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * A store read that is one SQL statement: it runs without a transaction of its own, on a connection in the
 * pool's auto-commit mode, where the database makes the statement its own transaction (one consistent
 * snapshot, as in a transaction). Spring still binds one EntityManager to the call and closes it, with its
 * connection, at the end.
 *
 * <p>Why: a transaction around one statement costs H2's remote client four more round trips, each one
 * paid by the app and by the database server: {@code setAutoCommit(false)} at the start, the commit, and
 * {@code setAutoCommit(true)} as the connection is reset, which H2's client sends as a second commit and then
 * the switch (measured: docs/performance.md, "What was changed, and why"). Writes on PostgreSQL:
 * {@link SingleStatementWrite}.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Transactional(transactionManager = JpaTransactions.MANAGER, propagation = Propagation.SUPPORTS,
        readOnly = true)
@interface SingleStatementRead {
}
