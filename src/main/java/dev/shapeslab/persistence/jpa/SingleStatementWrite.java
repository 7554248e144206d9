package dev.shapeslab.persistence.jpa;

import dev.shapeslab.persistence.jpa.failure.JpaTransactions;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * A store write that is one SQL statement ({@link JpaEntityStore#write}), in auto-commit, committed before it answers:
 * Hibernate's transaction took two round trips to eight (docs/notebook/2026-11-27-round-trips-per-request.md).
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Transactional(transactionManager = JpaTransactions.MANAGER, propagation = Propagation.SUPPORTS)
@interface SingleStatementWrite {
}
