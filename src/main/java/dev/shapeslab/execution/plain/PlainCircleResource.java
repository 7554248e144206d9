package dev.shapeslab.execution.plain;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Circle;
import dev.shapeslab.execution.StoreCrud;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import jakarta.ws.rs.Path;
import org.springframework.stereotype.Component;

@Component
@ConditionalOnDeployment(variant = {Variant.PLAIN, Variant.VIRTUAL})
@Path(ResourcePaths.CIRCLES)
public class PlainCircleResource extends PlainCrudResource<Circle> {

    PlainCircleResource(EntityStore<Circle> store, EntityRules rules, Paging paging) {
        super(new StoreCrud<>(store, rules), paging, Circle.class);
    }
}
