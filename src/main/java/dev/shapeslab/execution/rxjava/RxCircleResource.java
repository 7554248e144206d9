package dev.shapeslab.execution.rxjava;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.deployment.Deployment.Port;
import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Circle;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import jakarta.ws.rs.Path;
import org.springframework.stereotype.Component;

@Component
@ConditionalOnDeployment(variant = Variant.RXJAVA, port = Port.BLOCKING)
@Path(ResourcePaths.CIRCLES)
public class RxCircleResource extends RxCrudResource<Circle> {

    RxCircleResource(EntityStore<Circle> store, EntityRules rules, Paging paging) {
        super(new RxCrudService<>(store, rules), paging, Circle.class);
    }
}
