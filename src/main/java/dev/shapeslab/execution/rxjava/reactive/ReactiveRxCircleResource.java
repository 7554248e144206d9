package dev.shapeslab.execution.rxjava.reactive;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.deployment.Deployment.Port;
import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Circle;
import dev.shapeslab.execution.ResponseThreads;
import dev.shapeslab.persistence.ReactiveEntityStore;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import jakarta.ws.rs.Path;
import org.springframework.stereotype.Component;

@Component
@ConditionalOnDeployment(variant = Variant.RXJAVA, port = Port.NON_BLOCKING)
@Path(ResourcePaths.CIRCLES)
public class ReactiveRxCircleResource extends ReactiveRxCrudResource<Circle> {

    ReactiveRxCircleResource(ReactiveEntityStore<Circle> store, EntityRules rules, ResponseThreads responseThreads,
                           Paging paging) {
        super(new ReactiveRxCrudService<>(store, rules, responseThreads.scheduler()), paging, Circle.class);
    }
}
