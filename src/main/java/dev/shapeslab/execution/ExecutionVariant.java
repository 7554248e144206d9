package dev.shapeslab.execution;

import dev.shapeslab.deployment.Deployment.Variant;
import java.util.List;

/** The execution model that serves requests: exactly one is active, chosen by Spring profile. */
public abstract class ExecutionVariant {

    private final Variant variant;
    private final List<Class<?>> resourceClasses;

    protected ExecutionVariant(Variant variant, List<Class<?>> resourceClasses) {
        this.variant = variant;
        this.resourceClasses = resourceClasses;
    }

    /** The profile name, e.g. "plain". */
    public String name() {
        return variant.profile();
    }

    /** One sentence on which threads a request holds, for the start-up log. */
    public abstract String threading();

    /**
     * The classes that serve the API in this variant: the JAX-RS resources that {@code startup.JerseyConfig}
     * registers, or under {@code webflux} its controllers, which Spring finds by themselves.
     */
    public List<Class<?>> resourceClasses() {
        return resourceClasses;
    }
}
