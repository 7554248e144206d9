package dev.shapeslab.persistence.stub;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.domain.Circle;
import org.springframework.stereotype.Repository;

@Repository
@ConditionalOnDeployment(store = Store.STUB)
class StubCircleStore extends StubEntityStore<Circle> {

    StubCircleStore(StubIds ids, StubLatency latency) {
        super("circle", ids.shapes, latency);
    }
}
