package dev.shapeslab.execution.plain;

import dev.shapeslab.execution.ExecutionVariant;
import dev.shapeslab.execution.Variants;
import java.util.List;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

/** The default variant: blocking, thread per request. */
@Component
@Profile("!" + Variants.RXJAVA + " & !" + Variants.ASYNC + " & !" + Variants.VIRTUAL + " & !" + Variants.WEBFLUX
        + " & !" + Variants.VERTX)
public class PlainVariant implements ExecutionVariant {

    /**
     * The profiles under which the plain resources serve: this variant, and {@code virtual}, which runs the
     * same code on virtual threads.
     */
    public static final String SERVES = "!" + Variants.RXJAVA + " & !" + Variants.ASYNC + " & !" + Variants.WEBFLUX
            + " & !" + Variants.VERTX;

    public static final List<Class<?>> RESOURCES =
            List.of(PlainCircleResource.class, PlainRectangleResource.class, PlainDrawingResource.class);

    @Override
    public String name() {
        return Variants.PLAIN;
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
