package dev.shapeslab.execution.plain;

import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Circle;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import jakarta.ws.rs.Path;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

@Component
@Profile(PlainVariant.SERVES)
@Path(ResourcePaths.CIRCLES)
public class PlainCircleResource extends PlainCrudResource<Circle> {

    PlainCircleResource(EntityStore<Circle> store, EntityRules rules, Paging paging) {
        super(new PlainCrudService<>(store, rules), paging, Circle.class);
    }
}
