package dev.shapeslab.execution.async.reactive;

import dev.shapeslab.domain.Circle;
import dev.shapeslab.execution.Variants;
import dev.shapeslab.execution.async.AsyncCrudResource;
import dev.shapeslab.execution.async.AsyncResponder;
import dev.shapeslab.persistence.Backends;
import dev.shapeslab.persistence.ReactiveEntityStore;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import jakarta.ws.rs.Path;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

@Component
@Profile(Variants.ASYNC + " & " + Backends.R2DBC)
@Path(ResourcePaths.CIRCLES)
public class ReactiveAsyncCircleResource extends AsyncCrudResource<Circle> {

    ReactiveAsyncCircleResource(ReactiveEntityStore<Circle> store, ReactiveAsyncServices services, AsyncResponder responder,
                              Paging paging) {
        super(services.over(store), responder, paging, Circle.class);
    }
}
