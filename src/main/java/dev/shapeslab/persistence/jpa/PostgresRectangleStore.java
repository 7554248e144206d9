package dev.shapeslab.persistence.jpa;

import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.persistence.Backends;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Repository;

@Repository
@Profile(Backends.JDBC_ON_PG)
class PostgresRectangleStore extends PostgresShapeStore<Rectangle> {

    PostgresRectangleStore() {
        super(Rectangle.class, "rectangle");
    }
}
