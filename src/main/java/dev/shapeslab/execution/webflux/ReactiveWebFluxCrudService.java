package dev.shapeslab.execution.webflux;

import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.execution.ReactiveCrud;
import dev.shapeslab.persistence.nonblocking.ReactiveEntityStore;

/** CRUD over the non-blocking store: {@link ReactiveCrud}'s {@code Mono}s, signalled on the driver's event loop. */
class ReactiveWebFluxCrudService<T extends Identifiable<T>> extends ReactiveCrud<T> implements WebFluxCrud<T> {

    ReactiveWebFluxCrudService(ReactiveEntityStore<T> store, EntityRules rules) {
        super(store, rules);
    }
}
