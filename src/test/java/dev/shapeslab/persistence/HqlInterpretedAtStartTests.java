package dev.shapeslab.persistence;

import static org.testng.Assert.assertEquals;

import dev.shapeslab.EmbeddedContextTests;
import dev.shapeslab.domain.Circle;
import dev.shapeslab.domain.Drawing;
import dev.shapeslab.domain.Position;
import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.domain.Shape;
import jakarta.persistence.EntityManagerFactory;
import java.time.Instant;
import java.util.List;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.query.spi.QueryInterpretationCache;
import org.springframework.beans.factory.annotation.Autowired;
import org.testng.annotations.Test;

/**
 * No store call parses HQL: every statement the JPA stores send was interpreted as the app started, so that a store
 * call's deadline counts no parsing (the first read of a drawing in a cold JVM once spent it all in the parser). The
 * same context as {@link JpaDrawingStoreTests} ({@link EmbeddedContextTests}).
 */
public class HqlInterpretedAtStartTests extends EmbeddedContextTests {

    @Autowired
    private EntityStore<Drawing> drawings;

    @Autowired
    private EntityStore<Circle> circles;

    @Autowired
    private EntityStore<Rectangle> rectangles;

    @Autowired
    private EntityManagerFactory entityManagerFactory;

    @Test
    public void everyStoreCallFindsItsHqlInterpretedAlready() {
        QueryInterpretationCache interpretations = entityManagerFactory.unwrap(SessionFactoryImplementor.class)
                .getQueryEngine().getInterpretationCache();
        int atStart = interpretations.getNumberOfCachedHqlInterpretations();

        Drawing drawing = drawings.insert(drawing("interpreted"));
        drawings.findById(drawing.getId()).orElseThrow();
        drawings.replace(drawing.getId(), drawing("replaced")).orElseThrow();
        drawings.deleteById(drawing.getId());
        drawings.deleteAll();
        Circle circle = circles.insert(new Circle("interpreted", new Position(1, 2), 3));
        circles.findById(circle.getId()).orElseThrow();
        circles.replace(circle.getId(), new Circle("replaced", new Position(2, 3), 4)).orElseThrow();
        circles.deleteById(circle.getId());
        circles.deleteAll();
        Rectangle rectangle = rectangles.insert(new Rectangle("interpreted", new Position(1, 2), 3, 4));
        rectangles.replace(rectangle.getId(), new Rectangle("replaced", new Position(2, 3), 4, 5)).orElseThrow();
        rectangles.deleteById(rectangle.getId());
        rectangles.deleteAll();

        assertEquals(interpretations.getNumberOfCachedHqlInterpretations(), atStart,
                "HQL statements interpreted by store calls");
    }

    private static Drawing drawing(String name) {
        List<Shape<?>> shapes = List.of(new Circle("owned", new Position(0.5, 1), 1),
                new Rectangle("owned", new Position(1.5, 2), 1, 2));
        Drawing drawing = new Drawing(name, shapes);
        drawing.initialiseForCreation(Instant.now());
        return drawing;
    }
}
