package dev.shapeslab.execution.vertx;

import dev.shapeslab.execution.ExecutionVariant;
import dev.shapeslab.execution.Variants;
import java.util.List;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

@Component
@Profile(Variants.VERTX)
class VertxVariant implements ExecutionVariant {

    private final VertxServer server;
    private final BlockingWork work;

    VertxVariant(VertxServer server, BlockingWork work) {
        this.server = server;
        this.work = work;
    }

    @Override
    public String name() {
        return Variants.VERTX;
    }

    @Override
    public String threading() {
        return "Vert.x Web on Vert.x's HTTP server; one of " + server.eventLoops() + " vert.x-eventloop-thread-* reads "
                + "each request and writes its answer, store calls run on " + work.threads() + " "
                + BlockingWork.POOL_NAME + "-* workers (queue " + work.queueCapacity() + ")";
    }

    @Override
    public List<Class<?>> resourceClasses() {
        return List.of(VertxCrudHandlers.class);
    }
}
