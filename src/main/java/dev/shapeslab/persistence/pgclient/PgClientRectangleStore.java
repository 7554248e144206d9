package dev.shapeslab.persistence.pgclient;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.domain.Rectangle;
import org.springframework.stereotype.Repository;

@Repository
@ConditionalOnDeployment(store = Store.PG_CLIENT)
class PgClientRectangleStore extends PgClientShapeStore<Rectangle> {

    PgClientRectangleStore(PgClientCalls calls) {
        super(Rectangle.class, Rectangle.TYPE_NAME, calls);
    }
}
