package dev.shapeslab.execution.async;

import dev.shapeslab.domain.Circle;
import dev.shapeslab.startup.Profiles;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import jakarta.ws.rs.Path;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

@Component
@Profile(Profiles.ASYNC)
@Path(ResourcePaths.CIRCLES)
public class AsyncCircleResource extends AsyncCrudResource<Circle> {

    AsyncCircleResource(AsyncCircleService service, AsyncResponder responder, Paging paging) {
        super(service, responder, paging, Circle.class);
    }
}
