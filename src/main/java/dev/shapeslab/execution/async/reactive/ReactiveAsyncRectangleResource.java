package dev.shapeslab.execution.async.reactive;

import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.execution.Variants;
import dev.shapeslab.execution.async.AsyncCrudResource;
import dev.shapeslab.execution.async.AsyncResponder;
import dev.shapeslab.persistence.Backends;
import dev.shapeslab.persistence.ReactiveEntityStore;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import jakarta.ws.rs.Path;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

@Component
@Profile(Variants.ASYNC + " & " + Backends.R2DBC)
@Path(ResourcePaths.RECTANGLES)
public class ReactiveAsyncRectangleResource extends AsyncCrudResource<Rectangle> {

    ReactiveAsyncRectangleResource(ReactiveEntityStore<Rectangle> store, ReactiveAsyncServices services, AsyncResponder responder,
                              Paging paging) {
        super(services.over(store), responder, paging, Rectangle.class);
    }
}
