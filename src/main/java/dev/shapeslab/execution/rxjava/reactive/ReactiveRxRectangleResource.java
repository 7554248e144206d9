package dev.shapeslab.execution.rxjava.reactive;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Port;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.execution.ResponseThreads;
import dev.shapeslab.persistence.ReactiveEntityStore;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import jakarta.ws.rs.Path;
import org.springframework.stereotype.Component;

@Component
@ConditionalOnDeployment(variant = Variant.RXJAVA, port = Port.NON_BLOCKING)
@Path(ResourcePaths.RECTANGLES)
public class ReactiveRxRectangleResource extends ReactiveRxCrudResource<Rectangle> {

    ReactiveRxRectangleResource(ReactiveEntityStore<Rectangle> store, EntityRules rules, ResponseThreads responseThreads,
                           Paging paging) {
        super(new ReactiveRxCrudService<>(store, rules, responseThreads.scheduler()), paging, Rectangle.class);
    }
}
