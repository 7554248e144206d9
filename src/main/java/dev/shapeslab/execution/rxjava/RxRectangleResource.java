package dev.shapeslab.execution.rxjava;

import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.startup.Profiles;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import jakarta.ws.rs.Path;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

@Component
@Profile(Profiles.RXJAVA)
@Path(ResourcePaths.RECTANGLES)
public class RxRectangleResource extends RxCrudResource<Rectangle> {

    RxRectangleResource(RxRectangleService service, Paging paging) {
        super(service, paging, Rectangle.class);
    }
}
