package dev.shapeslab.persistence.jpa;

import dev.shapeslab.persistence.jpa.failure.JpaTransactions;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * A store read that is one SQL statement, run in the pool's auto-commit mode: a transaction around it cost H2's remote
 * client four round trips (docs/performance.md). Writes on PostgreSQL: {@link SingleStatementWrite}.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Transactional(transactionManager = JpaTransactions.MANAGER, propagation = Propagation.SUPPORTS,
        readOnly = true)
@interface SingleStatementRead {
}
