package dev.shapeslab.persistence.jpa;

import dev.shapeslab.domain.Shape;
import dev.shapeslab.persistence.PostgresSql;
import dev.shapeslab.persistence.PostgresSql.Shapes;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Optional;

/**
 * Standalone shapes on PostgreSQL over JDBC: read as on H2 ({@link JpaShapeStore}), each written in one statement in
 * auto-commit ({@link SingleStatementWrite}), the SQL of {@link Shapes}.
 */
abstract class PostgresShapeStore<S extends Shape<S>> extends JpaShapeStore<S> {

    private static final PostgresStatement INSERT = PostgresStatement.of(Shapes.INSERT);
    private static final PostgresStatement REPLACE = PostgresStatement.of(Shapes.REPLACE);
    private static final PostgresStatement DELETE = PostgresStatement.of(Shapes.DELETE);

    PostgresShapeStore(Class<S> type, String entityName) {
        super(type, entityName);
    }

    @Override
    @SingleStatementWrite
    public S insert(S entity) {
        return write(INSERT, statement -> {
            try (ResultSet rows = statement.executeQuery()) {
                rows.next();
                S stored = entity.copy();
                stored.setId(rows.getLong(1));
                return stored;
            }
        }, prepend(kind(), PostgresSql.writtenValues(entity)));
    }

    @Override
    @SingleStatementWrite
    public Optional<S> replace(long id, S entity) {
        Object[] written = PostgresSql.writtenValues(entity);
        Object[] parameters = new Object[written.length + 2];
        System.arraycopy(written, 0, parameters, 0, written.length);
        parameters[written.length] = id;
        parameters[written.length + 1] = kind();
        return write(REPLACE, statement -> {
            try (ResultSet rows = statement.executeQuery()) {
                return rows.next() ? Optional.of(shape(rows)) : Optional.<S>empty();
            }
        }, parameters);
    }

    @Override
    @SingleStatementWrite
    public boolean deleteById(long id) {
        return write(DELETE, PreparedStatement::executeUpdate, id, kind()) > 0;
    }

    private static Object[] prepend(Object first, Object[] rest) {
        Object[] all = new Object[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }
}
