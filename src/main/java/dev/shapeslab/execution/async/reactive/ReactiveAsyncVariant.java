package dev.shapeslab.execution.async.reactive;

import dev.shapeslab.execution.ExecutionVariant;
import dev.shapeslab.execution.ResponseThreads;
import dev.shapeslab.execution.Variants;
import dev.shapeslab.persistence.Backends;
import java.util.List;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

/** Variant {@code async} on the non-blocking store port (backend {@code r2dbc}). */
@Component
@Profile(Variants.ASYNC + " & " + Backends.R2DBC)
class ReactiveAsyncVariant implements ExecutionVariant {

    private final ResponseThreads responseThreads;

    ReactiveAsyncVariant(ResponseThreads responseThreads) {
        this.responseThreads = responseThreads;
    }

    @Override
    public String name() {
        return Variants.ASYNC;
    }

    @Override
    public String threading() {
        return "@Suspended AsyncResponse over a non-blocking store; the request thread returns at once, no thread is"
                + " held while a query is in flight, and one of " + responseThreads.threads() + " "
                + ResponseThreads.THREAD_PREFIX + "* threads resumes the response";
    }

    @Override
    public List<Class<?>> resourceClasses() {
        return List.of(ReactiveAsyncCircleResource.class, ReactiveAsyncRectangleResource.class,
                ReactiveAsyncDrawingResource.class);
    }
}
