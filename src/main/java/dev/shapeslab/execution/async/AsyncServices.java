package dev.shapeslab.execution.async;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.execution.BlockingPool;
import dev.shapeslab.execution.ResponseThreads;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.persistence.nonblocking.ReactiveEntityStore;
import dev.shapeslab.persistence.SimulatedLatency;
import java.util.Optional;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/** Each entity's service: {@link ReactiveAsyncCrudService} on {@code r2dbc}, else {@link AsyncCrudService}. */
@Component
@ConditionalOnDeployment(variant = Variant.ASYNC)
class AsyncServices {

    private final EntityRules rules;
    private final ObjectProvider<BlockingPool> pool;
    private final Optional<SimulatedLatency> latency;
    private final ObjectProvider<LatencyTimer> latencyTimer;
    private final ObjectProvider<ResponseThreads> responseThreads;

    AsyncServices(EntityRules rules, ObjectProvider<BlockingPool> pool, Optional<SimulatedLatency> latency,
                  ObjectProvider<LatencyTimer> latencyTimer, ObjectProvider<ResponseThreads> responseThreads) {
        this.rules = rules;
        this.pool = pool;
        this.latency = latency;
        this.latencyTimer = latencyTimer;
        this.responseThreads = responseThreads;
    }

    <T extends Identifiable<T>> AsyncCrud<T> over(ObjectProvider<EntityStore<T>> blocking,
                                                 ObjectProvider<ReactiveEntityStore<T>> nonBlocking) {
        ReactiveEntityStore<T> reactive = nonBlocking.getIfAvailable();
        if (reactive != null) {
            return new ReactiveAsyncCrudService<>(reactive, rules, responseThreads.getObject().scheduler());
        }
        return over(blocking.getObject());
    }

    <T extends Identifiable<T>> AsyncCrudService<T> over(EntityStore<T> store) {
        return new AsyncCrudService<>(store, rules, pool.getObject(), latency, latencyTimer.getObject());
    }
}
