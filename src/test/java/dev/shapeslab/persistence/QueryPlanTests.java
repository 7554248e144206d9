package dev.shapeslab.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shapeslab.EmbeddedContextTests;
import dev.shapeslab.domain.Circle;
import dev.shapeslab.domain.Drawing;
import dev.shapeslab.domain.Position;
import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.domain.Shape;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.testng.annotations.BeforeClass;
import org.testng.annotations.Test;

/**
 * A page costs its own rows, not the table's: H2's plan of the SQL the store really sends for a list
 * reads a page of 100 through an index in the order it is returned, on tables of thousands of rows.
 */
public class QueryPlanTests extends EmbeddedContextTests {

    private static final Pattern SCAN_COUNT = Pattern.compile("scanCount: (\\d+)");

    @Autowired
    private EntityStore<Circle> circles;

    @Autowired
    private EntityStore<Rectangle> rectangles;

    @Autowired
    private EntityStore<Drawing> drawings;

    @Autowired
    private JdbcTemplate jdbc;

    @BeforeClass
    public void fillTables() {
        circles.deleteAll();
        rectangles.deleteAll();
        drawings.deleteAll();
        for (int i = 0; i < 2_000; i++) {
            circles.insert(new Circle("c" + i, new Position(i, i), 1 + i % 50));
            rectangles.insert(new Rectangle("r" + i, new Position(i, i), 1, 1 + i % 50));
        }
        for (int i = 0; i < 1_000; i++) {
            List<Shape<?>> shapes = new ArrayList<>();
            shapes.add(new Circle("owned", new Position(0, 0), 1));
            shapes.add(new Rectangle("owned", new Position(0, 0), 1, 2));
            Drawing drawing = new Drawing("d" + i, shapes);
            drawing.initialiseForCreation(java.time.Instant.now());
            drawings.insert(drawing);
        }
        jdbc.execute("analyze");
    }

    @Test
    public void aPageOfStandaloneCirclesIsReadInIndexOrder() {
        String plan = planOf(() -> circles.findPage(200, 100), "circle", 200, 100);

        // the 100 circles after skipping 200, straight off the index: not the 2,000 standalone circles
        assertThat(plan).contains("SHAPE_STANDALONE_IDX").contains("/* index sorted */");
        assertThat(maxScanCount(plan)).as(plan).isLessThanOrEqualTo(300);
    }

    @Test
    public void aPageOfDrawingsReadsItsIdsOffThePrimaryKeyAndItsShapesByDrawing() {
        String plan = planOf(() -> drawings.findPage(500, 100), 500, 100);

        // the page's 100 ids after skipping 500, then per drawing its shapes: never all 1,000 drawings
        assertThat(plan).contains("PRIMARY_KEY");
        assertThat(maxScanCount(plan)).as(plan).isLessThanOrEqualTo(600);
    }

    /**
     * Runs the query, then EXPLAIN ANALYZE of the one SELECT the database ran for it (from H2's query
     * statistics, which see what Hibernate sends and what a store sends with plain JDBC alike), its
     * parameters written in (in order; strings quoted).
     */
    private String planOf(Runnable query, Object... parameters) {
        List<String> selects;
        try (H2QueryStatistics database = H2QueryStatistics.start(jdbc)) {
            query.run();
            selects = database.selects();
        }
        assertThat(selects).hasSize(1);
        String sql = selects.get(0);
        String explained = sql;
        for (Object p : parameters) {
            assertThat(explained).as(sql).contains("?");
            explained = explained.replaceFirst("\\?", Matcher.quoteReplacement(p instanceof String ? "'" + p + "'" : p.toString()));
        }
        assertThat(explained).as(sql).doesNotContain("?");
        String plan = explained + "\n" + String.join("\n", jdbc.queryForList("explain analyze " + explained, String.class));
        logger.info("H2's plan:\n" + plan); // docs/notebook/2026-11-24-performance-rounds-1-to-3.md quotes it
        return plan;
    }

    private static int maxScanCount(String plan) {
        Matcher m = SCAN_COUNT.matcher(plan);
        int max = 0;
        while (m.find()) {
            max = Math.max(max, Integer.parseInt(m.group(1)));
        }
        return max;
    }
}
