package dev.shapeslab.execution.async.reactive;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Port;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.execution.ExecutionVariant;
import dev.shapeslab.execution.ResponseThreads;
import java.util.List;
import org.springframework.stereotype.Component;

/** Variant {@code async} on the non-blocking store port (backend {@code r2dbc}). */
@Component
@ConditionalOnDeployment(variant = Variant.ASYNC, port = Port.NON_BLOCKING)
class ReactiveAsyncVariant extends ExecutionVariant {

    private final ResponseThreads responseThreads;

    ReactiveAsyncVariant(ResponseThreads responseThreads) {
        super(Variant.ASYNC, List.of(ReactiveAsyncCircleResource.class, ReactiveAsyncRectangleResource.class,
                ReactiveAsyncDrawingResource.class));
        this.responseThreads = responseThreads;
    }

    @Override
    public String threading() {
        return "@Suspended AsyncResponse over a non-blocking store; the request thread returns at once, no thread is"
                + " held while a query is in flight, and one of " + responseThreads.threads() + " "
                + ResponseThreads.THREAD_PREFIX + "* threads resumes the response";
    }
}
