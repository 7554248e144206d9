package dev.shapeslab.web.vertx;

import io.vertx.ext.web.Router;

/**
 * What a Spring bean adds to the API's router under {@code vertx}, after admission control and the body rules and
 * before the API's own routes: the OpenAPI document's route ({@code startup}), and in tests a handler that records
 * threads. Called once for each event loop's router.
 */
@FunctionalInterface
public interface RouterCustomizer {

    void customize(Router router);
}
