package dev.shapeslab.execution.vertx;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.domain.Circle;
import dev.shapeslab.domain.Drawing;
import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.persistence.nonblocking.VertxEntityStore;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import io.vertx.ext.web.Router;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * The API's routes under {@code vertx}: one {@link VertxCrudHandlers} per entity type, over the backend's stores as
 * {@link VertxEntityStore}s (the Vert.x PostgreSQL client's on {@code pg}, else blocking ones on the worker pool).
 */
@Component
@ConditionalOnDeployment(variant = Variant.VERTX)
class VertxApi {

    private final List<VertxCrudHandlers<?>> handlers;

    VertxApi(VertxEntityStore<Circle> circles, VertxEntityStore<Rectangle> rectangles,
             VertxEntityStore<Drawing> drawings, EntityRules rules, ObjectMapper json, Paging paging) {
        this.handlers = List.of(
                new VertxCrudHandlers<>(ResourcePaths.CIRCLES, Circle.class, new VertxCrudService<>(circles, rules),
                        json, paging),
                new VertxCrudHandlers<>(ResourcePaths.RECTANGLES, Rectangle.class,
                        new VertxCrudService<>(rectangles, rules), json, paging),
                new VertxCrudHandlers<>(ResourcePaths.DRAWINGS, Drawing.class, new VertxCrudService<>(drawings, rules),
                        json, paging));
    }

    void mount(Router router) {
        handlers.forEach(entity -> entity.mount(router));
    }

    /** The {@code Allow} header of a path, for a 405. */
    static String allowedMethods(String path) {
        for (String collection : List.of(ResourcePaths.CIRCLES, ResourcePaths.RECTANGLES, ResourcePaths.DRAWINGS)) {
            if (path.equals(collection)) {
                return "DELETE, GET, HEAD, POST";
            }
            if (path.startsWith(collection + "/")) {
                return "DELETE, GET, HEAD, PUT";
            }
        }
        return "GET, HEAD";
    }
}
