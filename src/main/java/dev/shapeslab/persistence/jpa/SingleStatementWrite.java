package dev.shapeslab.persistence.jpa;

import dev.shapeslab.persistence.jpa.failure.JpaTransactions;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * A store write that is one SQL statement ({@link JpaEntityStore#write}): as a {@link SingleStatementRead}, in the
 * pool's auto-commit mode, where PostgreSQL commits it before it answers. Through Hibernate's transaction a create
 * took two round trips and a drawing's update eight (docs/notebook/2026-11-27-round-trips-per-request.md).
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Transactional(transactionManager = JpaTransactions.MANAGER, propagation = Propagation.SUPPORTS)
@interface SingleStatementWrite {
}
