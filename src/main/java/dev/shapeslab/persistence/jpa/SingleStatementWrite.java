package dev.shapeslab.persistence.jpa;

import dev.shapeslab.persistence.jpa.failure.JpaTransactions;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * A store write that is one SQL statement ({@link JpaEntityStore#write}): as a {@link SingleStatementRead}, it runs
 * without a transaction of its own, on a connection in the pool's auto-commit mode, where PostgreSQL makes the statement
 * its own transaction and commits it before it answers. Spring still binds one EntityManager to the call and closes
 * it, with its connection, at the end.
 *
 * <p>Why: a transaction around it costs a round trip more at least, the COMMIT's (the driver sends the BEGIN with the
 * first statement); through Hibernate, a create took two, an update three, a drawing's create four and its update
 * eight (docs/notebook/2026-11-27-round-trips-per-request.md). On a database 20 ms away each round trip holds a
 * connection 20 ms longer.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Transactional(transactionManager = JpaTransactions.MANAGER, propagation = Propagation.SUPPORTS)
@interface SingleStatementWrite {
}
