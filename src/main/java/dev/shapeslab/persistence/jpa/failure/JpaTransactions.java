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
 * Boot's {@link JpaTransactionManager}, except that rolling back on a connection the pool has closed is not an error:
 * Spring threw the rollback's failure instead of the database's, a 500 where the outage is a 503.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnDeployment(store = {Store.JDBC_ON_H2, Store.JDBC_ON_PG})
public class JpaTransactions {

    /**
     * The manager's bean name, which every store's {@code @Transactional} names: without one, Spring scans for a
     * qualifier at every call (docs/performance.md, "What was changed, and why").
     */
    public static final String MANAGER = "transactionManager";

    /**
     * Runs {@code statement}, one write in auto-commit, and reports a failure once it is under way as the commit it is
     * ({@link dev.shapeslab.persistence.OutageKinds#mayHaveCommitted}: a {@link StoreOutcomeUnknownException}).
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
         * Sends the transaction's writes before the commit, so that a failure here is known not to be committed and
         * only the commit itself can leave the outcome open.
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
         * A commit cut off by a broken connection or a silent database may have been applied: reported so, never as
         * a refusal (docs/faults.md, "Rejected means not written"). A connection already closed sent nothing.
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
