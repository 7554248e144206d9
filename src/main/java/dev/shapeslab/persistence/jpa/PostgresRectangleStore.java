package dev.shapeslab.persistence.jpa;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.domain.Rectangle;
import org.springframework.stereotype.Repository;

@Repository
@ConditionalOnDeployment(store = Store.JDBC_ON_PG)
class PostgresRectangleStore extends PostgresShapeStore<Rectangle> {

    PostgresRectangleStore() {
        super(Rectangle.class, "rectangle");
    }
}
