package dev.shapeslab.execution.webflux;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.persistence.nonblocking.ReactiveEntityStore;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
@ConditionalOnDeployment(variant = Variant.WEBFLUX)
@RequestMapping(ResourcePaths.RECTANGLES)
class WebFluxRectangleController extends WebFluxCrudController<Rectangle> {

    WebFluxRectangleController(ObjectProvider<EntityStore<Rectangle>> store,
                               ObjectProvider<ReactiveEntityStore<Rectangle>> reactiveStore, WebFluxServices services, Paging paging) {
        super(services.over(store, reactiveStore), services.pageWriter(Rectangle.class), paging);
    }
}
