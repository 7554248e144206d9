package dev.shapeslab.execution.plain;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.execution.ExecutionVariant;
import java.util.List;
import org.springframework.stereotype.Component;

/** The default variant: blocking, thread per request. */
@Component
@ConditionalOnDeployment(variant = Variant.PLAIN)
public class PlainVariant extends ExecutionVariant {

    public static final List<Class<?>> RESOURCES =
            List.of(PlainCircleResource.class, PlainRectangleResource.class, PlainDrawingResource.class);

    PlainVariant() {
        super(Variant.PLAIN, RESOURCES);
    }

    @Override
    public String threading() {
        return "blocking; a request thread of the server (Tomcat's or Jetty's) runs each request start to finish";
    }
}
