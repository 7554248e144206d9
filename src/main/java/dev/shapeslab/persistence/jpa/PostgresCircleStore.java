package dev.shapeslab.persistence.jpa;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.domain.Circle;
import org.springframework.stereotype.Repository;

@Repository
@ConditionalOnDeployment(store = Store.JDBC_ON_PG)
class PostgresCircleStore extends PostgresShapeStore<Circle> {

    PostgresCircleStore() {
        super(Circle.class, "circle");
    }
}
