package dev.shapeslab.persistence.stub;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.domain.Drawing;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Repository;

/** Drawings hold their shapes, so deleting a drawing deletes them and they are reachable only through it. */
@Repository
@ConditionalOnDeployment(store = Store.STUB)
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
