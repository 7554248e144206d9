package dev.shapeslab.web.vertx;

import io.vertx.ext.web.Router;

/**
 * What a Spring bean adds to each event loop's router under {@code vertx}, after admission and the body rules.
 */
@FunctionalInterface
public interface RouterCustomizer {

    void customize(Router router);
}
