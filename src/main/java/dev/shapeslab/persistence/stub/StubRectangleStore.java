package dev.shapeslab.persistence.stub;

import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.persistence.Backends;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Repository;

@Repository
@Profile(Backends.STUB)
class StubRectangleStore extends StubEntityStore<Rectangle> {

    StubRectangleStore(StubIds ids, StubLatency latency) {
        super("rectangle", ids.shapes, latency);
    }
}
