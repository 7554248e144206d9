package dev.shapeslab.execution.async;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Port;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.domain.Drawing;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import jakarta.ws.rs.Path;
import org.springframework.stereotype.Component;

@Component
@ConditionalOnDeployment(variant = Variant.ASYNC, port = Port.BLOCKING)
@Path(ResourcePaths.DRAWINGS)
public class AsyncDrawingResource extends AsyncCrudResource<Drawing> {

    AsyncDrawingResource(EntityStore<Drawing> store, AsyncServices services, AsyncResponder responder, Paging paging) {
        super(services.over(store), responder, paging, Drawing.class);
    }
}
