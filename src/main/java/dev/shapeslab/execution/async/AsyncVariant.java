package dev.shapeslab.execution.async;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.execution.BlockingPool;
import dev.shapeslab.execution.ExecutionVariant;
import dev.shapeslab.execution.ResponseThreads;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

@Component
@ConditionalOnDeployment(variant = Variant.ASYNC)
class AsyncVariant extends ExecutionVariant {

    private final BlockingPool pool;
    private final ResponseThreads responseThreads;

    /** {@code pool} on a blocking store, {@code responseThreads} on the non-blocking one ({@code r2dbc}). */
    AsyncVariant(ObjectProvider<BlockingPool> pool, ObjectProvider<ResponseThreads> responseThreads) {
        super(Variant.ASYNC, List.of(AsyncCircleResource.class, AsyncRectangleResource.class, AsyncDrawingResource.class));
        this.pool = pool.getIfAvailable();
        this.responseThreads = responseThreads.getIfAvailable();
    }

    @Override
    public String threading() {
        if (pool != null) {
            return "@Suspended AsyncResponse; the request thread returns at once, " + pool.describe()
                    + ", which resume the response";
        }
        return "@Suspended AsyncResponse over a non-blocking store; the request thread returns at once, no thread is"
                + " held while a query is in flight, and one of " + responseThreads.threads() + " "
                + ResponseThreads.THREAD_PREFIX + "* threads resumes the response";
    }
}
