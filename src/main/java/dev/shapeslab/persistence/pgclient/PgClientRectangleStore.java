package dev.shapeslab.persistence.pgclient;

import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.persistence.Backends;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Repository;

@Repository
@Profile(Backends.PG_ON_VERTX)
class PgClientRectangleStore extends PgClientShapeStore<Rectangle> {

    PgClientRectangleStore(PgClientCalls calls) {
        super(Rectangle.class, Rectangle.TYPE_NAME, calls);
    }
}
