package dev.shapeslab.persistence.r2dbc;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.domain.Circle;
import org.springframework.stereotype.Repository;

@Repository
@ConditionalOnDeployment(store = Store.R2DBC)
class R2dbcCircleStore extends R2dbcShapeStore<Circle> {

    R2dbcCircleStore(StoreCalls calls) {
        super(Circle.class, Circle.TYPE_NAME, calls);
    }
}
