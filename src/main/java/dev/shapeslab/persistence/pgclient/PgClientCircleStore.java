package dev.shapeslab.persistence.pgclient;

import dev.shapeslab.domain.Circle;
import dev.shapeslab.persistence.Backends;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Repository;

@Repository
@Profile(Backends.PG_ON_VERTX)
class PgClientCircleStore extends PgClientShapeStore<Circle> {

    PgClientCircleStore(PgClientCalls calls) {
        super(Circle.class, Circle.TYPE_NAME, calls);
    }
}
