package dev.shapeslab.execution.plain;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.execution.StoreCrud;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import jakarta.ws.rs.Path;
import org.springframework.stereotype.Component;

@Component
@ConditionalOnDeployment(variant = {Variant.PLAIN, Variant.VIRTUAL})
@Path(ResourcePaths.RECTANGLES)
public class PlainRectangleResource extends PlainCrudResource<Rectangle> {

    PlainRectangleResource(EntityStore<Rectangle> store, EntityRules rules, Paging paging) {
        super(new StoreCrud<>(store, rules), paging, Rectangle.class);
    }
}
