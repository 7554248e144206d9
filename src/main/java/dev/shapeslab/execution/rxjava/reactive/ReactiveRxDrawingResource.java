package dev.shapeslab.execution.rxjava.reactive;

import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Drawing;
import dev.shapeslab.execution.ResponseThreads;
import dev.shapeslab.execution.Variants;
import dev.shapeslab.persistence.Backends;
import dev.shapeslab.persistence.ReactiveEntityStore;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import jakarta.ws.rs.Path;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

@Component
@Profile(Variants.RXJAVA + " & " + Backends.R2DBC)
@Path(ResourcePaths.DRAWINGS)
public class ReactiveRxDrawingResource extends ReactiveRxCrudResource<Drawing> {

    ReactiveRxDrawingResource(ReactiveEntityStore<Drawing> store, EntityRules rules, ResponseThreads responseThreads,
                           Paging paging) {
        super(new ReactiveRxCrudService<>(store, rules, responseThreads.scheduler()), paging, Drawing.class);
    }
}
