package dev.shapeslab.execution.async.reactive;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Port;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.execution.async.AsyncCrudResource;
import dev.shapeslab.execution.async.AsyncResponder;
import dev.shapeslab.persistence.ReactiveEntityStore;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import jakarta.ws.rs.Path;
import org.springframework.stereotype.Component;

@Component
@ConditionalOnDeployment(variant = Variant.ASYNC, port = Port.NON_BLOCKING)
@Path(ResourcePaths.RECTANGLES)
public class ReactiveAsyncRectangleResource extends AsyncCrudResource<Rectangle> {

    ReactiveAsyncRectangleResource(ReactiveEntityStore<Rectangle> store, ReactiveAsyncServices services, AsyncResponder responder,
                              Paging paging) {
        super(services.over(store), responder, paging, Rectangle.class);
    }
}
