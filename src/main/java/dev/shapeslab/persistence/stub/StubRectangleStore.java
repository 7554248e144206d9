package dev.shapeslab.persistence.stub;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.domain.Rectangle;
import org.springframework.stereotype.Repository;

@Repository
@ConditionalOnDeployment(store = Store.STUB)
class StubRectangleStore extends StubEntityStore<Rectangle> {

    StubRectangleStore(StubIds ids, StubLatency latency) {
        super("rectangle", ids.shapes, latency);
    }
}
