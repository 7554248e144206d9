package dev.shapeslab.persistence.jpa.failure;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Store;
import java.sql.SQLException;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import dev.shapeslab.domain.StoreOutcomeUnknownException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.transaction.autoconfigure.TransactionManagerCustomizers;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.orm.jpa.EntityManagerHolder;
import org.springframework.orm.jpa.JpaTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The stores' transaction manager: Boot's {@link JpaTransactionManager} (same customisations, such as
 * {@code spring.transaction.default-timeout}), except that rolling back on a connection the pool has already
 * closed is not an error.
 *
 * <p>Why: HikariCP closes a connection the moment the database reports it broken (SQLState class 08,
 * PostgreSQL's 57P01/57P02/57P03, or the H2 codes of {@link H2BrokenConnections}). When that happens inside a
 * transaction (PostgreSQL's driver opens it without a round trip, so the first statement is where a server
 * restart shows), Spring then rolls back on the closed connection; that fails ("Connection is closed"), and
 * Spring throws the rollback's failure instead of the database's: a 500 with an ERROR log, where the outage
 * is a 503. A transaction whose connection is gone cannot commit (the database rolls it back when the session
 * ends), so there is nothing left to roll back: the database's own failure goes on to {@link StoreOutages}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnDeployment(store = {Store.JDBC_ON_H2, Store.JDBC_ON_PG})
public class JpaTransactions {

    /**
     * The manager's bean name, which every store's {@code @Transactional} names: without one, Spring looks
     * for a qualifier annotation on the store's class at every call (an annotation scan, visible in the
     * profiles: docs/performance.md, "What was changed, and why"); with one, it takes the manager from its
     * cache.
     */
    public static final String MANAGER = "transactionManager";

    /**
     * Runs {@code statement}, the execution of one write statement in the database's auto-commit (a PostgreSQL store's
     * {@code @SingleStatementWrite}), and reports a failure once it is under way as the commit it is: a failure that
     * says the connection broke or the database stopped answering, or one after the call's deadline passed (which
     * aborts the connection), may have been committed, and becomes a {@link StoreOutcomeUnknownException}, as a cut-off
     * COMMIT does ({@link ClosedConnectionTolerant#doCommit}). Any other failure passes unchanged: the database
     * answered it, so the statement did not commit (an outage such as a shutdown is then a 503, a bug a 500).
     *
     * <p><b>Errors:</b> {@link StoreOutcomeUnknownException}, or what {@code statement} throws.
     */
    public static <R> R autoCommitted(AutoCommittedStatement<R> statement) throws SQLException {
        try {
            return statement.run();
        } catch (SQLException | RuntimeException failure) {
            if (StoreOutages.commitMayHaveLanded(failure) || StoreDeadline.passed()) {
                throw new StoreOutcomeUnknownException(failure);
            }
            throw failure;
        }
    }

    /** The execution of one write statement in auto-commit, and the reading of its answer. */
    @FunctionalInterface
    public interface AutoCommittedStatement<R> {
        R run() throws SQLException;
    }

    @Bean(MANAGER)
    PlatformTransactionManager transactionManager(ObjectProvider<TransactionManagerCustomizers> customizers) {
        JpaTransactionManager manager = new ClosedConnectionTolerant();
        customizers.ifAvailable(customizer -> customizer.customize(manager));
        return manager;
    }

    public static final class ClosedConnectionTolerant extends JpaTransactionManager {

        private static final Logger log = LoggerFactory.getLogger(ClosedConnectionTolerant.class);

        /**
         * Sends the transaction's writes before the commit, so that a failure here is known not to be
         * committed (the transaction rolls back) and only the commit itself can leave the outcome open. A call
         * without a transaction (a {@code @SingleStatementWrite}, whose statement the database committed as it ran)
         * has nothing to send.
         */
        @Override
        protected void prepareForCommit(DefaultTransactionStatus status) {
            super.prepareForCommit(status);
            if (status.hasTransaction() && !status.isReadOnly() && TransactionSynchronizationManager.getResource(obtainEntityManagerFactory())
                    instanceof EntityManagerHolder holder) {
                holder.getEntityManager().flush();
            }
        }

        /**
         * A commit that failed because the connection broke or the database stopped answering may have been
         * applied: it is reported as such, never as a refusal (the freeze drill found creates answered 503
         * whose commit the database applied when it resumed). A connection the pool had already closed
         * sent nothing, so that stays an outage.
         */
        @Override
        protected void doCommit(DefaultTransactionStatus status) {
            try {
                super.doCommit(status);
            } catch (RuntimeException failure) {
                if (StoreOutages.commitMayHaveLanded(failure)) {
                    throw new StoreOutcomeUnknownException(failure);
                }
                throw failure;
            }
        }

        @Override
        protected void doRollback(DefaultTransactionStatus status) {
            try {
                super.doRollback(status);
            } catch (RuntimeException failure) {
                if (!connectionClosed()) {
                    throw failure;
                }
                log.debug("No rollback: the pool closed the transaction's connection", failure);
            }
        }

        private boolean connectionClosed() {
            if (!(TransactionSynchronizationManager.getResource(obtainEntityManagerFactory())
                    instanceof EntityManagerHolder holder)) {
                return false;
            }
            try {
                return holder.getEntityManager().unwrap(SharedSessionContractImplementor.class).getJdbcCoordinator()
                        .getLogicalConnection().getPhysicalConnection().isClosed();
            } catch (RuntimeException | SQLException unknown) {
                return false;
            }
        }
    }
}
