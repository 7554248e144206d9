package dev.shapeslab.persistence;

import static org.testng.Assert.assertEquals;

import dev.shapeslab.EmbeddedContextTests;
import dev.shapeslab.domain.Circle;
import dev.shapeslab.domain.Drawing;
import dev.shapeslab.domain.Position;
import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.domain.Shape;
import jakarta.persistence.EntityManagerFactory;
import java.util.ArrayList;
import java.util.List;
import org.hibernate.SessionFactory;
import org.hibernate.stat.Statistics;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.testng.annotations.Test;

/** The JPA mapping's promises, checked on the database itself. */
public class JpaDrawingStoreTests extends EmbeddedContextTests {

    @Autowired
    private EntityStore<Drawing> drawings;

    @Autowired
    private EntityStore<Circle> circles;

    @Autowired
    private EntityManagerFactory entityManagerFactory;

    @Autowired
    private JdbcTemplate jdbc;

    /** Counted by the database itself: the page is read with JDBC, which Hibernate's statistics do not see. */
    @Test
    public void aPageOfDrawingsLoadsWithTheirShapesInOneStatementWhateverItsSize() {
        drawings.deleteAll();
        for (int i = 0; i < 30; i++) {
            drawings.insert(drawing("d" + i, 3));
        }
        try (H2QueryStatistics database = H2QueryStatistics.start(jdbc)) {
            for (int limit : new int[] {1, 10, 30}) {
                long before = database.statementsRun();
                List<Drawing> page = drawings.findPage(0, limit);
                page.forEach(drawing -> assertEquals(drawing.getShapes().size(), 3));
                assertEquals(page.size(), limit);
                assertEquals(database.statementsRun() - before, 1, "statements for a page of " + limit);
            }
        }
    }

    @Test
    public void aPageIsReadAsValuesWithoutMakingEntities() {
        drawings.deleteAll();
        Drawing stored = drawings.insert(drawing("values", 3));
        drawings.insert(drawing("no shapes", 0));
        Statistics statistics = entityManagerFactory.unwrap(SessionFactory.class).getStatistics();
        statistics.clear();

        List<Drawing> page = drawings.findPage(0, 10);

        assertEquals(statistics.getEntityLoadCount(), 0, "entities loaded for a page");
        assertEquals(page.size(), 2);
        Drawing read = page.get(0);
        assertEquals(read.getId(), stored.getId());
        assertEquals(read.getName(), "values");
        assertEquals(read.getCreationDate(), stored.getCreationDate());
        assertEquals(read.getShapes().stream().map(Shape::getId).toList(),
                stored.getShapes().stream().map(Shape::getId).toList(), "shape ids in drawing order");
        Rectangle rectangle = (Rectangle) read.getShapes().get(1);
        assertEquals(List.of(rectangle.getColour(), rectangle.getPosition().getX(), rectangle.getPosition().getY(),
                rectangle.getWidth(), rectangle.getHeight()), List.of("owned-1", 1.5, 2.0, 1, 2));
        assertEquals(((Circle) read.getShapes().get(2)).getRadius(), 3);
        assertEquals(page.get(1).getShapes(), List.of(), "a drawing without shapes");
    }

    @Test
    public void aPageOfStandaloneShapesIsReadAsValuesWithoutMakingEntities() {
        circles.deleteAll();
        drawings.insert(drawing("owns a circle", 1));
        Circle stored = circles.insert(new Circle("standalone", new Position(-1.25, 4), 7));
        Statistics statistics = entityManagerFactory.unwrap(SessionFactory.class).getStatistics();
        statistics.clear();

        List<Circle> page = circles.findPage(0, 10);

        assertEquals(statistics.getEntityLoadCount(), 0, "entities loaded for a page");
        assertEquals(page.size(), 1, "only the standalone circle");
        Circle read = page.get(0);
        assertEquals(List.of(read.getId(), read.getColour(), read.getPosition().getX(), read.getPosition().getY(),
                read.getRadius()), List.of(stored.getId(), "standalone", -1.25, 4.0, 7));
    }

    /**
     * A read is its one statement in the database's auto-commit: no transaction begun and committed around
     * it (four more round trips to a remote H2). Writes are still one transaction each.
     */
    @Test
    public void readsRunWithoutATransactionAndWritesInOne() {
        Drawing drawing = drawings.insert(drawing("read me", 2));
        Circle circle = circles.insert(new Circle("read me", new Position(1, 2), 3));
        Statistics statistics = entityManagerFactory.unwrap(SessionFactory.class).getStatistics();
        statistics.clear();

        try (H2QueryStatistics database = H2QueryStatistics.start(jdbc)) {
            assertEquals(drawings.findById(drawing.getId()).orElseThrow().getShapes().size(), 2);
            assertEquals(drawings.findPage(0, 10).isEmpty(), false);
            assertEquals(circles.findById(circle.getId()).orElseThrow().getRadius(), 3);
            assertEquals(circles.findPage(0, 10).isEmpty(), false);
            assertEquals(database.statementsRun(), 4, "statements for four reads");
        }
        assertEquals(statistics.getTransactionCount(), 0, "transactions for four reads");
        circles.insert(new Circle("written", new Position(0, 0), 1));
        assertEquals(statistics.getTransactionCount(), 1, "transactions for one write");
    }

    @Test
    public void aPageIsTheDrawingsAtItsOffsetInIdOrder() {
        drawings.deleteAll();
        for (int i = 0; i < 20; i++) {
            drawings.insert(drawing("d" + i, 2));
        }

        List<Drawing> page = drawings.findPage(10, 5);

        assertEquals(page.stream().map(Drawing::getName).toList(), List.of("d10", "d11", "d12", "d13", "d14"));
    }

    @Test
    public void aNewDrawingsShapesAreInsertedWithTheirDrawingAndPlaceNotUpdatedAfterwards() {
        // Hibernate's pooled id optimizer reads each sequence twice on first use: get that out of the count.
        drawings.insert(drawing("allocates the id sequences", 1));
        drawings.insert(drawing("allocates the id sequences", 1));
        Statistics statistics = entityManagerFactory.unwrap(SessionFactory.class).getStatistics();
        statistics.clear();

        Drawing stored = drawings.insert(circles("three circles", 3));

        // One INSERT for the drawing and one (batched) for its circles; no UPDATE of the shapes after them.
        assertEquals(statistics.getPrepareStatementCount(), 2);
        assertEquals(jdbc.queryForList("select shape_index from shape where drawing_id = ? order by id",
                Integer.class, stored.getId()), List.of(0, 1, 2));
    }

    @Test
    public void replacingADrawingsShapesDeletesTheOldRows() {
        Drawing stored = drawings.insert(drawing("replace me", 4));
        long id = stored.getId();

        drawings.replace(id, drawing("replaced", 1));

        assertEquals(shapeRowsOf(id), 1);
        assertEquals(orphanShapeRows(), 0);
    }

    @Test
    public void deletingADrawingDeletesItsShapeRows() {
        long id = drawings.insert(drawing("delete me", 2)).getId();

        drawings.deleteById(id);

        assertEquals(shapeRowsOf(id), 0);
        assertEquals(jdbc.queryForObject("select count(*) from drawing where id = ?", Integer.class, id), 0);
    }

    @Test
    public void aPositionIsStoredAsTwoNumericColumns() {
        long id = drawings.insert(drawing("positions", 1)).getId();

        Double x = jdbc.queryForObject("select position_x from shape where drawing_id = ?", Double.class, id);

        assertEquals(x, 0.5);
    }

    private int shapeRowsOf(long drawingId) {
        return jdbc.queryForObject("select count(*) from shape where drawing_id = ?", Integer.class, drawingId);
    }

    /** Shapes that lost their drawing without being deleted would surface as standalone shapes. */
    private int orphanShapeRows() {
        return jdbc.queryForObject("select count(*) from shape where drawing_id is null and colour like 'owned-%'",
                Integer.class);
    }

    private static Drawing circles(String name, int count) {
        List<Shape<?>> list = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            list.add(new Circle("owned-" + i, new Position(i + 0.5, 1), i + 1));
        }
        Drawing drawing = new Drawing(name, list);
        drawing.initialiseForCreation(java.time.Instant.now());
        return drawing;
    }

    private static Drawing drawing(String name, int shapes) {
        List<Shape<?>> list = new ArrayList<>();
        for (int i = 0; i < shapes; i++) {
            list.add(i % 2 == 0
                    ? new Circle("owned-" + i, new Position(i + 0.5, 1), i + 1)
                    : new Rectangle("owned-" + i, new Position(i + 0.5, 2), 1, i + 1));
        }
        Drawing drawing = new Drawing(name, list);
        drawing.initialiseForCreation(java.time.Instant.now());
        return drawing;
    }
}
