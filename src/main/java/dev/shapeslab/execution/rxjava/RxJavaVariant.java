package dev.shapeslab.execution.rxjava;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Port;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.execution.ExecutionVariant;
import java.util.List;
import org.springframework.stereotype.Component;

@Component
@ConditionalOnDeployment(variant = Variant.RXJAVA, port = Port.BLOCKING)
class RxJavaVariant extends ExecutionVariant {

    RxJavaVariant() {
        super(Variant.RXJAVA, List.of(RxCircleResource.class, RxRectangleResource.class, RxDrawingResource.class));
    }

    @Override
    public String threading() {
        return "RxJava 2 services; a request thread of the server (Tomcat's or Jetty's) subscribes, runs the pipeline "
                + "and waits for it";
    }
}
