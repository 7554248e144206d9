package dev.shapeslab.persistence.jpa;

import dev.shapeslab.domain.Circle;
import dev.shapeslab.persistence.Backends;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Repository;

@Repository
@Profile(Backends.JDBC_ON_PG)
class PostgresCircleStore extends PostgresShapeStore<Circle> {

    PostgresCircleStore() {
        super(Circle.class, "circle");
    }
}
