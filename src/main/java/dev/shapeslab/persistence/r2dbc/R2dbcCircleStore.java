package dev.shapeslab.persistence.r2dbc;

import dev.shapeslab.domain.Circle;
import dev.shapeslab.persistence.Backends;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Repository;

@Repository
@Profile(Backends.R2DBC)
class R2dbcCircleStore extends R2dbcShapeStore<Circle> {

    R2dbcCircleStore(StoreCalls calls) {
        super(Circle.class, Circle.TYPE_NAME, calls);
    }
}
