package dev.shapeslab.startup;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.execution.plain.PlainVariant;
import dev.shapeslab.web.PagingSettings;
import dev.shapeslab.web.jersey.OpenApiDocument;
import dev.shapeslab.web.vertx.RouterCustomizer;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Under {@code vertx}, the OpenAPI document from {@code plain}'s resources: Vert.x's routes carry no JAX-RS. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnDeployment(variant = Variant.VERTX)
class VertxRoutes {

    /** Built once, on the first request, on Vert.x's worker pool: reading classes is blocking work. */
    @Bean
    RouterCustomizer openApiDocument(Vertx vertx, PagingSettings paging) {
        Future<Buffer>[] document = new Future[1];
        return router -> router.route("/openapi.json").method(HttpMethod.GET).method(HttpMethod.HEAD)
                .handler(request -> {
                    Future<Buffer> built;
                    synchronized (document) {
                        if (document[0] == null || document[0].failed()) {
                            document[0] = vertx.executeBlocking(
                                    () -> Buffer.buffer(OpenApiDocument.of(PlainVariant.RESOURCES, paging.maxLimit())), false);
                        }
                        built = document[0];
                    }
                    built.onSuccess(json -> request.response().putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                            .end(json)).onFailure(request::fail);
                });
    }
}
