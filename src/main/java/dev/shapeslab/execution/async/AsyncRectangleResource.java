package dev.shapeslab.execution.async;

import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.execution.Variants;
import dev.shapeslab.persistence.Backends;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import jakarta.ws.rs.Path;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

@Component
@Profile(Variants.ASYNC + " & !" + Backends.R2DBC)
@Path(ResourcePaths.RECTANGLES)
public class AsyncRectangleResource extends AsyncCrudResource<Rectangle> {

    AsyncRectangleResource(EntityStore<Rectangle> store, AsyncServices services, AsyncResponder responder, Paging paging) {
        super(services.over(store), responder, paging, Rectangle.class);
    }
}
