package dev.shapeslab.execution.rxjava.reactive;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Port;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.execution.ExecutionVariant;
import dev.shapeslab.execution.ResponseThreads;
import java.util.List;
import org.springframework.stereotype.Component;

/** Variant {@code rxjava} on the non-blocking store port (backend {@code r2dbc}). */
@Component
@ConditionalOnDeployment(variant = Variant.RXJAVA, port = Port.NON_BLOCKING)
class ReactiveRxJavaVariant extends ExecutionVariant {

    private final ResponseThreads responseThreads;

    ReactiveRxJavaVariant(ResponseThreads responseThreads) {
        super(Variant.RXJAVA, List.of(ReactiveRxCircleResource.class, ReactiveRxRectangleResource.class,
                ReactiveRxDrawingResource.class));
        this.responseThreads = responseThreads;
    }

    @Override
    public String threading() {
        return "RxJava 2 services over a non-blocking store, answered through AsyncResponse; the request thread"
                + " subscribes and returns, no thread is held while a query is in flight, and one of "
                + responseThreads.threads() + " " + ResponseThreads.THREAD_PREFIX + "* threads resumes the response";
    }
}
