package dev.shapeslab.persistence.r2dbc;

import dev.shapeslab.Requires;
import static org.assertj.core.api.Assertions.assertThat;

import dev.shapeslab.persistence.PostgresSql;
import dev.shapeslab.persistence.PostgresTestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.flywaydb.core.Flyway;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.testng.annotations.AfterClass;
import org.testng.annotations.BeforeClass;
import org.testng.annotations.Test;

/**
 * A page costs its own rows, not the table's, on PostgreSQL too: its plan of the statements the stores send for a
 * list ({@code PostgresSql}'s, which the r2dbc and the Vert.x client's stores send, and the JDBC stores as well, with
 * {@code ?} for {@code $n}) reads a page of 100 through an index in the order it is returned, on tables of tens of thousands of rows: no node reads more rows than
 * the page and what it skips. The rows are inserted in a transaction that is rolled back, so the test database is
 * left as it was. Skipped when no PostgreSQL is reachable, unless {@code -Dpg.tests.required=true}.
 */
@Requires(PostgresTestDatabase.Reachable.class)
public class QueryPlanOnPostgresTests {

    private static final Pattern ACTUAL_ROWS = Pattern.compile("actual time=[0-9.]+\\.\\.[0-9.]+ rows=(\\d+)");
    private static final int OFFSET = 200;
    private static final int LIMIT = 100;

    private Connection connection;

    @BeforeClass
    public void fillTables() throws SQLException {
        connection = PostgresTestDatabase.connect();
        Flyway.configure().dataSource(new SingleConnectionDataSource(connection, true)).load().migrate();
        connection.setAutoCommit(false);
        try (Statement statement = connection.createStatement()) {
            // Ids far above what the sequences hand out, so nothing else the tests store can collide with them.
            statement.execute("insert into shape (id, shape_type, colour, position_x, position_y, radius)"
                    + " select 1000000000 + g, 'circle', 'c', g, g, 1 from generate_series(1, 20000) g");
            statement.execute("insert into shape (id, shape_type, colour, position_x, position_y, width, height)"
                    + " select 1000100000 + g, 'rectangle', 'r', g, g, 1, 2 from generate_series(1, 20000) g");
            statement.execute("insert into drawing (id, name, creation_date)"
                    + " select 1000000000 + g, 'd', now() from generate_series(1, 5000) g");
            statement.execute("insert into shape (id, shape_type, colour, position_x, position_y, radius, drawing_id, shape_index)"
                    + " select 1000200000 + g, 'circle', 'owned', 0, 0, 1, 1000000000 + (g + 1) / 2, g % 2"
                    + " from generate_series(1, 10000) g");
            statement.execute("analyze shape");
            statement.execute("analyze drawing");
        }
    }

    @AfterClass(alwaysRun = true)
    public void leaveTheDatabaseAsItWas() throws SQLException {
        if (connection != null) {
            connection.rollback();
            connection.close();
        }
    }

    @Test
    public void aPageOfStandaloneCirclesIsReadInIndexOrder() throws SQLException {
        String plan = planOf(PostgresSql.Shapes.PAGE, "'circle'", OFFSET, LIMIT);

        // the 100 circles after skipping 200, straight off an index in their order: no sort, nothing else read
        assertThat(plan).containsPattern("Index (Only )?Scan using shape_\\w+_idx").doesNotContain("Seq Scan")
                .doesNotContain("Sort");
        assertThat(maxRowsOfANode(plan)).as(plan).isLessThanOrEqualTo(OFFSET + LIMIT);
    }

    @Test
    public void aPageOfDrawingsReadsItsDrawingsOffThePrimaryKeyAndOnlyTheirShapes() throws SQLException {
        String plan = planOf(PostgresSql.Drawings.PAGE, OFFSET, LIMIT);

        // the 100 drawings after skipping 200, in id order, then their shapes: never all 5,000 drawings
        assertThat(plan).contains("drawing_pkey").doesNotContain("Seq Scan");
        // the shapes of the drawings read so far (2 each), not the table's 50,000
        assertThat(maxRowsOfANode(plan)).as(plan).isLessThanOrEqualTo(2 * (OFFSET + LIMIT) + 1);
    }

    /** EXPLAIN ANALYZE of {@code sql} with its parameters ($1, $2, ...) written in. */
    private String planOf(String sql, Object... parameters) throws SQLException {
        String explained = sql;
        for (int i = parameters.length; i >= 1; i--) {
            assertThat(explained).contains("$" + i);
            explained = explained.replace("$" + i, parameters[i - 1].toString());
        }
        List<String> lines = new ArrayList<>();
        lines.add(explained);
        try (Statement statement = connection.createStatement();
             var rows = statement.executeQuery("explain analyze " + explained)) {
            while (rows.next()) {
                lines.add(rows.getString(1));
            }
        }
        String plan = String.join("\n", lines);
        System.out.println("PostgreSQL's plan:\n" + plan);
        return plan;
    }

    private static int maxRowsOfANode(String plan) {
        Matcher m = ACTUAL_ROWS.matcher(plan);
        int max = 0;
        while (m.find()) {
            max = Math.max(max, Integer.parseInt(m.group(1)));
        }
        return max;
    }
}
