package dev.shapeslab.execution.plain;

import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import jakarta.ws.rs.Path;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

@Component
@Profile(PlainVariant.SERVES)
@Path(ResourcePaths.RECTANGLES)
public class PlainRectangleResource extends PlainCrudResource<Rectangle> {

    PlainRectangleResource(EntityStore<Rectangle> store, EntityRules rules, Paging paging) {
        super(new PlainCrudService<>(store, rules), paging, Rectangle.class);
    }
}
