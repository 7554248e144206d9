package dev.shapeslab.web.vertx;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.concurrent.Callable;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.actuate.info.InfoEndpoint;
import org.springframework.boot.health.actuate.endpoint.HealthDescriptor;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus.PrometheusOutputFormat;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus.PrometheusScrapeEndpoint;

/**
 * The management port under {@code vertx}: a minimal router over Actuator's health, info and prometheus endpoints,
 * each on Vert.x's worker pool, since a health check may query the database.
 */
public final class ManagementRouter {

    private ManagementRouter() {
    }

    public static Router router(Vertx vertx, HealthEndpoint health, InfoEndpoint info,
                                PrometheusScrapeEndpoint prometheus, ObjectMapper json) {
        Router router = Router.router(vertx);
        if (health != null) {
            router.get("/actuator/health").handler(request -> answer(request, () -> {
                HealthDescriptor descriptor = health.health();
                int status = Status.DOWN.equals(descriptor.getStatus())
                        || Status.OUT_OF_SERVICE.equals(descriptor.getStatus()) ? 503 : 200;
                return new Answer(status, "application/json", json.writeValueAsBytes(descriptor));
            }));
        }
        if (info != null) {
            router.get("/actuator/info").handler(request -> answer(request,
                    () -> new Answer(200, "application/json", json.writeValueAsBytes(info.info()))));
        }
        if (prometheus != null) {
            router.get("/actuator/prometheus").handler(request -> answer(request, () -> {
                WebEndpointResponse<byte[]> scrape = prometheus.scrape(PrometheusOutputFormat.CONTENT_TYPE_004, null); // null: every meter
                return new Answer(scrape.getStatus(), PrometheusOutputFormat.CONTENT_TYPE_004.getProducedMimeType()
                        .toString(), scrape.getBody());
            }));
        }
        return router;
    }

    private static void answer(RoutingContext request, Callable<Answer> endpoint) {
        request.vertx().executeBlocking(endpoint, false).onComplete(result -> {
            if (result.failed()) {
                request.fail(result.cause());
                return;
            }
            Answer answer = result.result();
            request.response().setStatusCode(answer.status()).putHeader(HttpHeaders.CONTENT_TYPE, answer.contentType())
                    .end(Buffer.buffer(answer.body()));
        });
    }

    private record Answer(int status, String contentType, byte[] body) {
    }
}
