package dev.shapeslab.persistence.stub;

import dev.shapeslab.domain.Drawing;
import dev.shapeslab.persistence.Backends;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Repository;

/** Drawings hold their shapes, so deleting a drawing deletes them and they are reachable only through it. */
@Repository
@Profile(Backends.STUB)
class StubDrawingStore extends StubEntityStore<Drawing> {

    private final AtomicLong shapeIds;

    StubDrawingStore(StubIds ids, StubLatency latency) {
        super("drawing", ids.drawings, latency);
        this.shapeIds = ids.shapes;
    }

    @Override
    void assignNestedIds(Drawing drawing) {
        drawing.getShapes().stream()
                .filter(shape -> shape.getId() == null)
                .forEach(shape -> shape.setId(shapeIds.incrementAndGet()));
    }
}
