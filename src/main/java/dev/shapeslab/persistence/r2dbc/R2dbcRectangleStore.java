package dev.shapeslab.persistence.r2dbc;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.domain.Rectangle;
import org.springframework.stereotype.Repository;

@Repository
@ConditionalOnDeployment(store = Store.R2DBC)
class R2dbcRectangleStore extends R2dbcShapeStore<Rectangle> {

    R2dbcRectangleStore(StoreCalls calls) {
        super(Rectangle.class, Rectangle.TYPE_NAME, calls);
    }
}
