package dev.shapeslab.execution.vertx;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.web.RequestSettings;
import dev.shapeslab.web.admission.Admission;
import dev.shapeslab.web.admission.AdmissionSettings;
import dev.shapeslab.web.admission.VertxAdmission;
import dev.shapeslab.web.vertx.RouterCustomizer;
import dev.shapeslab.web.vertx.VertxWeb;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.util.concurrent.TimeUnit;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.info.InfoEndpoint;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus.PrometheusScrapeEndpoint;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Spring's part under {@code vertx}: one Vert.x instance (shared with the Vert.x PostgreSQL client), admission and the
 * web layer as beans, and {@link VertxServer}, which deploys the verticles once every bean is wired.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnDeployment(variant = Variant.VERTX)
@EnableConfigurationProperties({AdmissionSettings.class, VertxSettings.class})
class VertxConfiguration {

    /**
     * {@code vertx.event-loops} event loops (0: one per core): an event loop here never blocks, so one per core keeps
     * every core busy (Vert.x's default of two allows for handlers that block). The blocked-thread checker stays on.
     */
    @Bean(destroyMethod = "")
    Vertx vertx(VertxSettings settings) {
        return Vertx.vertx(new VertxOptions().setEventLoopPoolSize(settings.eventLoopCount()));
    }

    /** Closed last, after the server has stopped and the database client has been closed. */
    @Bean
    VertxClosing vertxClosing(Vertx vertx) {
        return new VertxClosing(vertx);
    }

    @Bean
    VertxAdmission vertxAdmission(AdmissionSettings settings, MeterRegistry registry) {
        VertxAdmission admission = VertxWeb.admission(settings);
        Admission.bindMetrics(admission, registry);
        return admission;
    }

    @Bean
    VertxServer vertxServer(Vertx vertx, VertxAdmission admission, MeterRegistry registry, VertxApi api,
                            ObjectProvider<RouterCustomizer> customizers, ConfigurableEnvironment environment,
                            VertxSettings settings, RequestSettings request,
                            ObjectProvider<HealthEndpoint> health, ObjectProvider<InfoEndpoint> info,
                            ObjectProvider<PrometheusScrapeEndpoint> prometheus, ObjectMapper json) {
        VertxWeb web = new VertxWeb(admission, registry, request.maxBodyBytes(), VertxApi::allowedMethods);
        return new VertxServer(vertx, web, api, customizers, environment, settings.eventLoopCount(), health, info,
                prometheus, json);
    }

    /** Closes Vert.x (its threads and timers) when the context closes, and waits for it. */
    static final class VertxClosing implements DisposableBean {
        private final Vertx vertx;

        VertxClosing(Vertx vertx) {
            this.vertx = vertx;
        }

        @Override
        public void destroy() throws Exception {
            vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        }
    }
}
