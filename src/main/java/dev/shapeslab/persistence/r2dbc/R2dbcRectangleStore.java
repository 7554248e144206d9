package dev.shapeslab.persistence.r2dbc;

import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.persistence.Backends;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Repository;

@Repository
@Profile(Backends.R2DBC)
class R2dbcRectangleStore extends R2dbcShapeStore<Rectangle> {

    R2dbcRectangleStore(StoreCalls calls) {
        super(Rectangle.class, Rectangle.TYPE_NAME, calls);
    }
}
