package dev.shapeslab.execution.async;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.persistence.nonblocking.ReactiveEntityStore;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import jakarta.ws.rs.Path;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

@Component
@ConditionalOnDeployment(variant = Variant.ASYNC)
@Path(ResourcePaths.RECTANGLES)
public class AsyncRectangleResource extends AsyncCrudResource<Rectangle> {

    AsyncRectangleResource(ObjectProvider<EntityStore<Rectangle>> store, ObjectProvider<ReactiveEntityStore<Rectangle>> reactiveStore,
                           AsyncServices services, AsyncResponder responder, Paging paging) {
        super(services.over(store, reactiveStore), responder, paging, Rectangle.class);
    }
}
