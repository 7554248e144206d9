package dev.shapeslab.execution.async;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Port;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.execution.BlockingPool;
import dev.shapeslab.execution.ExecutionVariant;
import java.util.List;
import org.springframework.stereotype.Component;

@Component
@ConditionalOnDeployment(variant = Variant.ASYNC, port = Port.BLOCKING)
class AsyncVariant implements ExecutionVariant {

    private final BlockingPool pool;

    AsyncVariant(BlockingPool pool) {
        this.pool = pool;
    }

    @Override
    public String name() {
        return Variant.ASYNC.profile();
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
