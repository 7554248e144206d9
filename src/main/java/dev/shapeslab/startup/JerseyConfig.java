package dev.shapeslab.startup;

import dev.shapeslab.execution.ExecutionVariant;
import dev.shapeslab.web.RequestSettings;
import dev.shapeslab.web.jersey.BackgroundTimeouts;
import dev.shapeslab.web.jersey.OpenApiDocument;
import dev.shapeslab.web.jersey.ProblemMappers;
import dev.shapeslab.web.jersey.RequestBodyGuard;
import dev.shapeslab.web.jersey.ResponseBodyGuard;
import io.micrometer.core.instrument.MeterRegistry;
import org.glassfish.jersey.micrometer.server.DefaultJerseyTagsProvider;
import org.glassfish.jersey.micrometer.server.MetricsApplicationEventListener;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.stereotype.Component;

/**
 * The Jersey application, composed here because it joins the two sides: the active execution variant's
 * resources, registered by class (Jersey then takes the Spring beans), and the web layer's problem+json
 * for every error, guards on reading and writing bodies, and the OpenAPI document.
 *
 * <p>By class, Jersey asks Spring for a resource's bean on every request, a small part of a request's CPU.
 * Registered as the beans themselves, Jersey warns at every start that each resource "will be ignored" as a
 * provider (a wrong warning for resource instances), and the saving did not show above the spread of the
 * measurements (docs/performance.md, "What was changed, and why"): so by class.
 *
 * <p>Only in a servlet application: under {@code webflux} neither Tomcat nor Jersey starts ({@link WebFluxRoutes}).
 */
@Component
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
public class JerseyConfig extends ResourceConfig {

    public JerseyConfig(ExecutionVariant variant,
                        RequestSettings request, MeterRegistry registry) {
        variant.resourceClasses().forEach(this::register);
        register(OpenApiDocument.class);
        ProblemMappers.ALL.forEach(this::register);
        register(new RequestBodyGuard(request.maxBodyBytes()));
        register(ResponseBodyGuard.class);
        // http.server.requests per resource method and status, timed from the request's start to its end,
        // async responses included (see ShapesLabApplication for why not Boot's observation-based one).
        register(new MetricsApplicationEventListener(registry, new DefaultJerseyTagsProvider(),
                "http.server.requests", true));
        register(BackgroundTimeouts.class);
        property(ServerProperties.WADL_FEATURE_DISABLE, true);
        property(ServerProperties.BV_FEATURE_DISABLE, true);
        // Error responses without an entity would otherwise get Tomcat's HTML error page.
        property(ServerProperties.RESPONSE_SET_STATUS_OVER_SEND_ERROR, true);
    }
}
