package dev.shapeslab.execution.async;

import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.startup.Profiles;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import jakarta.ws.rs.Path;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

@Component
@Profile(Profiles.ASYNC)
@Path(ResourcePaths.RECTANGLES)
public class AsyncRectangleResource extends AsyncCrudResource<Rectangle> {

    AsyncRectangleResource(AsyncRectangleService service, AsyncResponder responder, Paging paging) {
        super(service, responder, paging, Rectangle.class);
    }
}
