package dev.shapeslab.execution.async;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Port;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.execution.BlockingPool;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.persistence.SimulatedLatency;
import java.util.Optional;
import org.springframework.stereotype.Component;

/** Makes the {@link AsyncCrudService} of a store: what every async service shares, given once. */
@Component
@ConditionalOnDeployment(variant = Variant.ASYNC, port = Port.BLOCKING)
public class AsyncServices {

    private final EntityRules rules;
    private final BlockingPool pool;
    private final Optional<SimulatedLatency> latency;
    private final LatencyTimer latencyTimer;

    AsyncServices(EntityRules rules, BlockingPool pool, Optional<SimulatedLatency> latency,
                  LatencyTimer latencyTimer) {
        this.rules = rules;
        this.pool = pool;
        this.latency = latency;
        this.latencyTimer = latencyTimer;
    }

    public <T extends Identifiable<T>> AsyncCrudService<T> over(EntityStore<T> store) {
        return new AsyncCrudService<>(store, rules, pool, latency, latencyTimer);
    }
}
