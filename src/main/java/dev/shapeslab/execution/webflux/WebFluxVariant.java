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
class WebFluxVariant extends ExecutionVariant {

    private final ObjectProvider<BlockingPool> pool;

    WebFluxVariant(ObjectProvider<BlockingPool> pool) {
        super(Variant.WEBFLUX, List.of(WebFluxCircleController.class, WebFluxRectangleController.class,
                WebFluxDrawingController.class));
        this.pool = pool;
    }

    @Override
    public String threading() {
        BlockingPool blocking = pool.getIfAvailable();
        String storeCalls = blocking == null ? "store calls wait on the non-blocking driver, holding no thread"
                : blocking.describe();
        return "Spring WebFlux on Reactor Netty; a reactor-http-* event loop reads each request and writes its answer, "
                + storeCalls;
    }
}
