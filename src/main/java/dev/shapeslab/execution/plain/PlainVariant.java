package dev.shapeslab.execution.plain;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.execution.ExecutionVariant;
import java.util.List;
import org.springframework.stereotype.Component;

/** The default variant: blocking, thread per request. */
@Component
@ConditionalOnDeployment(variant = Variant.PLAIN)
public class PlainVariant implements ExecutionVariant {

    public static final List<Class<?>> RESOURCES =
            List.of(PlainCircleResource.class, PlainRectangleResource.class, PlainDrawingResource.class);

    @Override
    public String name() {
        return Variant.PLAIN.profile();
    }

    @Override
    public String threading() {
        return "blocking; a Tomcat request thread runs each request start to finish";
    }

    @Override
    public List<Class<?>> resourceClasses() {
        return RESOURCES;
    }
}
