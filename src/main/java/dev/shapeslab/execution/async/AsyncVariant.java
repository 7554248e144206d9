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
class AsyncVariant extends ExecutionVariant {

    private final BlockingPool pool;

    AsyncVariant(BlockingPool pool) {
        super(Variant.ASYNC, List.of(AsyncCircleResource.class, AsyncRectangleResource.class, AsyncDrawingResource.class));
        this.pool = pool;
    }

    @Override
    public String threading() {
        return "@Suspended AsyncResponse; the request thread returns at once, " + pool.describe()
                + ", which resume the response";
    }
}
