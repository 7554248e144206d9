package dev.shapeslab.execution.vertx;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.execution.BlockingPool;
import dev.shapeslab.execution.ExecutionVariant;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

@Component
@ConditionalOnDeployment(variant = Variant.VERTX)
class VertxVariant extends ExecutionVariant {

    private final VertxServer server;
    private final BlockingPool pool;

    /** {@code pool}: none on {@code pg}, whose Vert.x client's calls need no thread. */
    VertxVariant(VertxServer server, ObjectProvider<BlockingPool> pool) {
        super(Variant.VERTX, List.of(VertxCrudHandlers.class));
        this.server = server;
        this.pool = pool.getIfAvailable();
    }

    @Override
    public String threading() {
        String reads = "Vert.x Web on Vert.x's HTTP server; one of " + server.eventLoops()
                + " vert.x-eventloop-thread-* reads each request and writes its answer, ";
        return reads + (pool == null ? "and sends its queries through the Vert.x PostgreSQL client, whose answers come "
                + "back to it (no worker thread)" : pool.describe());
    }
}
