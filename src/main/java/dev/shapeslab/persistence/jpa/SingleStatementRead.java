package dev.shapeslab.persistence.jpa;

import dev.shapeslab.persistence.jpa.failure.JpaTransactions;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * A store read that is one SQL statement: it runs in the pool's auto-commit mode, where the statement is its own
 * transaction, saving H2's remote client four round trips (docs/performance.md, "What was changed, and why"). Spring
 * still binds one EntityManager to the call. Writes on PostgreSQL: {@link SingleStatementWrite}.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Transactional(transactionManager = JpaTransactions.MANAGER, propagation = Propagation.SUPPORTS,
        readOnly = true)
@interface SingleStatementRead {
}
