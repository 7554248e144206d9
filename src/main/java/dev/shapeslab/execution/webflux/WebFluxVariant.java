package dev.shapeslab.execution.webflux;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.execution.BlockingPool;
import dev.shapeslab.execution.ExecutionVariant;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

@Component
@ConditionalOnDeployment(variant = Variant.WEBFLUX)
class WebFluxVariant implements ExecutionVariant {

    private final ObjectProvider<BlockingPool> pool;

    WebFluxVariant(ObjectProvider<BlockingPool> pool) {
        this.pool = pool;
    }

    @Override
    public String name() {
        return Variant.WEBFLUX.profile();
    }

    @Override
    public String threading() {
        BlockingPool blocking = pool.getIfAvailable();
        String storeCalls = blocking == null
                ? "store calls wait on the non-blocking driver, holding no thread"
                : "store calls run on " + blocking.threads() + " " + blocking.threadPrefix() + "* threads (queue "
                        + blocking.queueCapacity() + ")";
        return "Spring WebFlux on Reactor Netty; a reactor-http-* event loop reads each request and writes its answer, "
                + storeCalls;
    }

    @Override
    public List<Class<?>> resourceClasses() {
        return List.of(WebFluxCircleController.class, WebFluxRectangleController.class, WebFluxDrawingController.class);
    }
}
