package dev.shapeslab.execution.rxjava;

import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.execution.Variants;
import dev.shapeslab.persistence.Backends;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import jakarta.ws.rs.Path;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

@Component
@Profile(Variants.RXJAVA + " & !" + Backends.R2DBC)
@Path(ResourcePaths.RECTANGLES)
public class RxRectangleResource extends RxCrudResource<Rectangle> {

    RxRectangleResource(EntityStore<Rectangle> store, EntityRules rules, Paging paging) {
        super(new RxCrudService<>(store, rules), paging, Rectangle.class);
    }
}
