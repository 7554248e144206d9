package dev.shapeslab.execution.async.reactive;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Port;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.execution.ResponseThreads;
import dev.shapeslab.persistence.ReactiveEntityStore;
import org.springframework.stereotype.Component;

/** Makes the {@link ReactiveAsyncCrudService} of a store: what every such service shares, given once. */
@Component
@ConditionalOnDeployment(variant = Variant.ASYNC, port = Port.NON_BLOCKING)
public class ReactiveAsyncServices {

    private final EntityRules rules;
    private final ResponseThreads responseThreads;

    ReactiveAsyncServices(EntityRules rules, ResponseThreads responseThreads) {
        this.rules = rules;
        this.responseThreads = responseThreads;
    }

    public <T extends Identifiable<T>> ReactiveAsyncCrudService<T> over(ReactiveEntityStore<T> store) {
        return new ReactiveAsyncCrudService<>(store, rules, responseThreads.scheduler());
    }
}
