package dev.shapeslab.execution.async.reactive;

import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.execution.ResponseThreads;
import dev.shapeslab.execution.Variants;
import dev.shapeslab.persistence.Backends;
import dev.shapeslab.persistence.ReactiveEntityStore;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

/** Makes the {@link ReactiveAsyncCrudService} of a store: what every such service shares, given once. */
@Component
@Profile(Variants.ASYNC + " & " + Backends.R2DBC)
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
