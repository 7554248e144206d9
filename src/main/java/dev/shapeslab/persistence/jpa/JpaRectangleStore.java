package dev.shapeslab.persistence.jpa;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.domain.Rectangle;
import org.springframework.stereotype.Repository;

@Repository
@ConditionalOnDeployment(store = Store.JDBC_ON_H2)
class JpaRectangleStore extends JpaShapeStore<Rectangle> {

    JpaRectangleStore() {
        super(Rectangle.class, "rectangle");
    }
}
