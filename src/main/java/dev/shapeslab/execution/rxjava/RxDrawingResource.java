package dev.shapeslab.execution.rxjava;

import dev.shapeslab.domain.Drawing;
import dev.shapeslab.startup.Profiles;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import jakarta.ws.rs.Path;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

@Component
@Profile(Profiles.RXJAVA)
@Path(ResourcePaths.DRAWINGS)
public class RxDrawingResource extends RxCrudResource<Drawing> {

    RxDrawingResource(RxDrawingService service, Paging paging) {
        super(service, paging, Drawing.class);
    }
}
