package dev.shapeslab.execution.async;

import dev.shapeslab.execution.BlockingPool;
import dev.shapeslab.execution.ExecutionVariant;
import dev.shapeslab.execution.Variants;
import dev.shapeslab.persistence.Backends;
import java.util.List;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

@Component
@Profile(Variants.ASYNC + " & !" + Backends.R2DBC)
class AsyncVariant implements ExecutionVariant {

    private final BlockingPool pool;

    AsyncVariant(BlockingPool pool) {
        this.pool = pool;
    }

    @Override
    public String name() {
        return Variants.ASYNC;
    }

    @Override
    public String threading() {
        return "@Suspended AsyncResponse; the request thread returns at once, store calls run on "
                + pool.threads() + " " + pool.threadPrefix() + "* threads (queue "
                + pool.queueCapacity() + "), which resume the response";
    }

    @Override
    public List<Class<?>> resourceClasses() {
        return List.of(AsyncCircleResource.class, AsyncRectangleResource.class, AsyncDrawingResource.class);
    }
}
