package dev.shapeslab.execution.async;

import dev.shapeslab.domain.Drawing;
import dev.shapeslab.startup.Profiles;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import jakarta.ws.rs.Path;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

@Component
@Profile(Profiles.ASYNC)
@Path(ResourcePaths.DRAWINGS)
public class AsyncDrawingResource extends AsyncCrudResource<Drawing> {

    AsyncDrawingResource(AsyncDrawingService service, AsyncResponder responder, Paging paging) {
        super(service, responder, paging, Drawing.class);
    }
}
