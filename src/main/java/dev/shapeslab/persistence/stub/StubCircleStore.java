package dev.shapeslab.persistence.stub;

import dev.shapeslab.domain.Circle;
import dev.shapeslab.persistence.Backends;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Repository;

@Repository
@Profile(Backends.STUB)
class StubCircleStore extends StubEntityStore<Circle> {

    StubCircleStore(StubIds ids, StubLatency latency) {
        super("circle", ids.shapes, latency);
    }
}
