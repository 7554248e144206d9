package dev.shapeslab.execution.rxjava;

import dev.shapeslab.domain.Circle;
import dev.shapeslab.startup.Profiles;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import jakarta.ws.rs.Path;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

@Component
@Profile(Profiles.RXJAVA)
@Path(ResourcePaths.CIRCLES)
public class RxCircleResource extends RxCrudResource<Circle> {

    RxCircleResource(RxCircleService service, Paging paging) {
        super(service, paging, Circle.class);
    }
}
