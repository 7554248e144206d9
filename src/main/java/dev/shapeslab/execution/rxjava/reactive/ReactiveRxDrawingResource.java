package dev.shapeslab.execution.rxjava.reactive;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Port;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.domain.Drawing;
import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.execution.ResponseThreads;
import dev.shapeslab.execution.async.AsyncCrudResource;
import dev.shapeslab.execution.async.AsyncResponder;
import dev.shapeslab.execution.async.ReactiveAsyncCrudService;
import dev.shapeslab.persistence.nonblocking.ReactiveEntityStore;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import jakarta.ws.rs.Path;
import org.springframework.stereotype.Component;

@Component
@ConditionalOnDeployment(variant = Variant.RXJAVA, port = Port.NON_BLOCKING)
@Path(ResourcePaths.DRAWINGS)
public class ReactiveRxDrawingResource extends AsyncCrudResource<Drawing> {

    ReactiveRxDrawingResource(ReactiveEntityStore<Drawing> store, EntityRules rules, ResponseThreads responseThreads,
                              Paging paging) {
        super(new ReactiveAsyncCrudService<>(store, rules, responseThreads.scheduler()), AsyncResponder.untimed(),
                paging, Drawing.class);
    }
}
