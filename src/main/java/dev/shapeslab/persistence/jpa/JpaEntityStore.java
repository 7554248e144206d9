package dev.shapeslab.persistence.jpa;

import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.persistence.jpa.failure.JpaTransactions;
import jakarta.annotation.PostConstruct;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.hibernate.Session;
import org.springframework.transaction.annotation.Transactional;

/**
 * What the JPA stores share: a write is one transaction (on PostgreSQL one statement: {@link SingleStatementWrite}), a
 * read one statement in auto-commit ({@link SingleStatementRead}), on the calling thread.
 */
@Transactional(transactionManager = JpaTransactions.MANAGER)
abstract class JpaEntityStore<T extends Identifiable<T>> implements EntityStore<T> {

    private final String entityName;

    /** Every HQL statement this store sends ({@link #hql}). */
    private final List<String> statements = new ArrayList<>();

    @PersistenceContext
    protected EntityManager entityManager;

    JpaEntityStore(String entityName) {
        this.entityName = entityName;
    }

    /** Declares {@code statement} as one this store sends, to be interpreted as the app starts; returns it. */
    protected final String hql(String statement) {
        statements.add(statement);
        return statement;
    }

    /**
     * Interprets each HQL statement once, as the app starts: parsed on first use, inside a store call, the cold JVM's
     * CPU passed the call's deadline (docs/notebook/2026-11-27-round-trips-per-request.md). Nothing runs.
     */
    @PostConstruct
    void interpretStatements() {
        try (EntityManager interpreter = entityManager.getEntityManagerFactory().createEntityManager()) {
            statements.forEach(interpreter::createQuery);
        }
    }

    @Override
    public String entityName() {
        return entityName;
    }

    @Override
    public T insert(T entity) {
        entityManager.persist(entity);
        return entity;
    }

    @Override
    public Optional<T> replace(long id, T entity) {
        Optional<T> existing = findManaged(id);
        existing.ifPresent(stored -> stored.updateFrom(entity));
        return existing;
    }

    /** The entity {@code id} as a managed entity of this transaction, whose changes are written at commit. */
    protected abstract Optional<T> findManaged(long id);

    /**
     * Runs one {@code select} with plain JDBC on the session's connection, for reads whose rows become detached values.
     *
     * @param parameters the statement's parameters, in order ({@link PreparedStatement#setObject})
     */
    protected <R> R select(String sql, RowsReader<R> reader, Object... parameters) {
        return entityManager.unwrap(Session.class).doReturningWork(connection -> {
            try (PreparedStatement statement = connection.prepareStatement(sql)) {
                for (int i = 0; i < parameters.length; i++) {
                    statement.setObject(i + 1, parameters[i]);
                }
                try (ResultSet rows = statement.executeQuery()) {
                    return reader.read(rows);
                }
            }
        });
    }

    /**
     * Runs one write statement of {@link dev.shapeslab.persistence.PostgresSql} in auto-commit, for a
     * {@link SingleStatementWrite} ({@link JpaTransactions#autoCommitted}).
     *
     * @param parameters the values of its parameters, {@code $n}'s at {@code n - 1}
     */
    protected <R> R write(PostgresStatement sql, StatementWork<R> work, Object... parameters) {
        return entityManager.unwrap(Session.class).doReturningWork(connection -> {
            if (!connection.getAutoCommit()) {
                throw new IllegalStateException("a single-statement write inside a transaction: it would commit with"
                        + " the transaction, not before it answers");
            }
            try (PreparedStatement statement = connection.prepareStatement(sql.sql())) {
                sql.bind(statement, parameters);
                return JpaTransactions.autoCommitted(() -> work.run(statement));
            }
        });
    }

    /** Executes a prepared write statement and reads its answer. */
    @FunctionalInterface
    protected interface StatementWork<R> {
        R run(PreparedStatement statement) throws SQLException;
    }

    /** Reads what it needs from a result set positioned before its first row. */
    @FunctionalInterface
    protected interface RowsReader<R> {
        R read(ResultSet rows) throws SQLException;
    }
}
