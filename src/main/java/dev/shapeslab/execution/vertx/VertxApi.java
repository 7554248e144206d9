package dev.shapeslab.execution.vertx;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shapeslab.domain.Circle;
import dev.shapeslab.domain.Drawing;
import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.execution.Variants;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.persistence.SimulatedLatency;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

/** The API's routes under {@code vertx}: one {@link VertxCrudHandlers} per entity type, over the backend's stores. */
@Component
@Profile(Variants.VERTX)
class VertxApi {

    private final List<VertxCrudHandlers<?>> handlers;

    VertxApi(EntityStore<Circle> circles, EntityStore<Rectangle> rectangles, EntityStore<Drawing> drawings,
             EntityRules rules, BlockingWork work, Vertx vertx, Optional<SimulatedLatency> latency, ObjectMapper json,
             Paging paging, @Value("${vertx.timeout}") Duration timeout) {
        Duration onTimer = latency.map(SimulatedLatency::handOverToTimer).orElse(Duration.ZERO);
        this.handlers = List.of(
                handlers(ResourcePaths.CIRCLES, Circle.class, circles, rules, work, vertx, onTimer, timeout, json, paging),
                handlers(ResourcePaths.RECTANGLES, Rectangle.class, rectangles, rules, work, vertx, onTimer, timeout,
                        json, paging),
                handlers(ResourcePaths.DRAWINGS, Drawing.class, drawings, rules, work, vertx, onTimer, timeout, json,
                        paging));
    }

    private static <T extends Identifiable<T>> VertxCrudHandlers<T> handlers(String path, Class<T> type,
            EntityStore<T> store, EntityRules rules, BlockingWork work, Vertx vertx, Duration latency, Duration timeout,
            ObjectMapper json, Paging paging) {
        return new VertxCrudHandlers<>(path, type, new VertxCrudService<>(store, rules, work, vertx, latency, timeout),
                json, paging);
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
