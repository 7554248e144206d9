package dev.shapeslab.execution.rxjava;

import dev.shapeslab.execution.ExecutionVariant;
import dev.shapeslab.execution.Variants;
import dev.shapeslab.persistence.Backends;
import java.util.List;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

@Component
@Profile(Variants.RXJAVA + " & !" + Backends.R2DBC)
class RxJavaVariant implements ExecutionVariant {

    @Override
    public String name() {
        return Variants.RXJAVA;
    }

    @Override
    public String threading() {
        return "RxJava 2 services; the Tomcat request thread subscribes, runs the pipeline and waits for it";
    }

    @Override
    public List<Class<?>> resourceClasses() {
        return List.of(RxCircleResource.class, RxRectangleResource.class, RxDrawingResource.class);
    }
}
