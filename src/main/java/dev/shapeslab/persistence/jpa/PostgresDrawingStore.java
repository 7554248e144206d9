package dev.shapeslab.persistence.jpa;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.domain.Drawing;
import dev.shapeslab.persistence.PostgresSql;
import dev.shapeslab.persistence.PostgresSql.Drawings;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Repository;

/**
 * Drawings on PostgreSQL over JDBC: read as on H2 ({@link JpaDrawingStore}), each written with its shapes in one
 * statement in auto-commit ({@link SingleStatementWrite}), the SQL of {@link Drawings}.
 */
@Repository
@ConditionalOnDeployment(store = Store.JDBC_ON_PG)
class PostgresDrawingStore extends JpaDrawingStore {

    private static final PostgresStatement INSERT = PostgresStatement.of(Drawings.INSERT);
    private static final PostgresStatement REPLACE = PostgresStatement.of(Drawings.REPLACE);
    private static final PostgresStatement DELETE = PostgresStatement.of(Drawings.DELETE);

    @Override
    @SingleStatementWrite
    public Drawing insert(Drawing entity) {
        return write(INSERT, statement -> {
            long id = 0;
            List<Long> shapeIds = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    id = rows.getLong(1);
                    shapeIds.add(rows.getObject(2, Long.class));
                }
            }
            return Drawing.stored(id, entity.getName(), entity.getCreationDate(),
                    PostgresSql.withIds(entity.getShapes(), shapeIds));
        }, withShapes(entity, entity.getName(), OffsetDateTime.ofInstant(entity.getCreationDate(), ZoneOffset.UTC)));
    }

    /** Sent again while another replace of the same drawing committed after it began ({@link Drawings#REPLACE}). */
    @Override
    @SingleStatementWrite
    public Optional<Drawing> replace(long id, Drawing entity) {
        Object[] parameters = withShapes(entity, entity.getName(), id);
        while (true) {
            Replaced outcome = write(REPLACE, statement -> {
                boolean existed = false;
                OffsetDateTime created = null;
                List<Long> shapeIds = new ArrayList<>();
                try (ResultSet rows = statement.executeQuery()) {
                    while (rows.next()) {
                        existed = rows.getBoolean(1);
                        created = rows.getObject(2, OffsetDateTime.class);
                        shapeIds.add(rows.getObject(3, Long.class));
                    }
                }
                return created == null ? new Replaced(existed, Optional.empty())
                        : new Replaced(false, Optional.of(Drawing.stored(id, entity.getName(), created.toInstant(),
                                PostgresSql.withIds(entity.getShapes(), shapeIds))));
            }, parameters);
            if (!outcome.conflicted()) {
                return outcome.drawing();
            }
        }
    }

    /** What one replace statement did: the drawing replaced, or nothing, because there was none or it conflicted. */
    private record Replaced(boolean conflicted, Optional<Drawing> drawing) {
    }

    @Override
    @SingleStatementWrite
    public boolean deleteById(long id) {
        return write(DELETE, PreparedStatement::executeUpdate, id) > 0;
    }

    /** {@code first} and {@code second} ($1 and $2), then {@code drawing}'s shapes as $3 to $9. */
    private static Object[] withShapes(Drawing drawing, Object first, Object second) {
        Object[] arrays = PostgresSql.shapeArrays(drawing.getShapes());
        Object[] parameters = new Object[2 + arrays.length];
        parameters[0] = first;
        parameters[1] = second;
        System.arraycopy(arrays, 0, parameters, 2, arrays.length);
        return parameters;
    }
}
