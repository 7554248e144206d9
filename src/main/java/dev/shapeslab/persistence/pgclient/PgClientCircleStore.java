package dev.shapeslab.persistence.pgclient;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.domain.Circle;
import org.springframework.stereotype.Repository;

@Repository
@ConditionalOnDeployment(store = Store.PG_CLIENT)
class PgClientCircleStore extends PgClientShapeStore<Circle> {

    PgClientCircleStore(PgClientCalls calls) {
        super(Circle.class, Circle.TYPE_NAME, calls);
    }
}
