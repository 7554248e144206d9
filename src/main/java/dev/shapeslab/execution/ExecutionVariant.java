package dev.shapeslab.execution;

import java.util.List;

/** The execution model that serves requests: exactly one is active, chosen by Spring profile. */
public interface ExecutionVariant {

    /** The profile name, e.g. "plain". */
    String name();

    /** One sentence on which threads a request holds, for the start-up log. */
    String threading();

    /**
     * The classes that serve the API in this variant: the JAX-RS resources that {@code startup.JerseyConfig}
     * registers, or under {@code webflux} its controllers, which Spring finds by themselves.
     */
    List<Class<?>> resourceClasses();
}
