package dev.shapeslab.web;

import dev.shapeslab.execution.ExecutionVariant;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.util.unit.DataSize;

/**
 * The Jersey application: the active execution variant's resources, registered by class (Jersey then
 * takes the Spring beans), problem+json for every error, and guards on reading and writing bodies.
 */
@Component
public class JerseyConfig extends ResourceConfig {

    public JerseyConfig(ExecutionVariant variant,
                        @Value("${shapes.request.max-body-size:1MB}") DataSize maxBodySize) {
        variant.resourceClasses().forEach(this::register);
        register(OpenApiDocument.class);
        ProblemMappers.ALL.forEach(this::register);
        register(new RequestBodyGuard(maxBodySize.toBytes()));
        register(ResponseBodyGuard.class);
        property(ServerProperties.WADL_FEATURE_DISABLE, true);
        property(ServerProperties.BV_FEATURE_DISABLE, true);
        // Error responses without an entity would otherwise get Tomcat's HTML error page.
        property(ServerProperties.RESPONSE_SET_STATUS_OVER_SEND_ERROR, true);
    }
}
