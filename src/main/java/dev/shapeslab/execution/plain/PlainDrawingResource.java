package dev.shapeslab.execution.plain;

import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Drawing;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import jakarta.ws.rs.Path;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

@Component
@Profile(PlainVariant.SERVES)
@Path(ResourcePaths.DRAWINGS)
public class PlainDrawingResource extends PlainCrudResource<Drawing> {

    PlainDrawingResource(EntityStore<Drawing> store, EntityRules rules, Paging paging) {
        super(new PlainCrudService<>(store, rules), paging, Drawing.class);
    }
}
