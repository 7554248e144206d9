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
 * The Jersey application: the active variant's resources and the web layer's providers. Resources are registered by
 * class: as instances Jersey warns at every start, and the saving did not show (docs/performance.md).
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
