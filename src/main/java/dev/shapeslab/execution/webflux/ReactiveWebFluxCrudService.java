package dev.shapeslab.execution.webflux;

import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.execution.ReactiveCrud;
import dev.shapeslab.persistence.ReactiveEntityStore;

/**
 * CRUD over the non-blocking store ({@code r2dbc}): the store's own {@code Mono}s as {@link ReactiveCrud} makes them;
 * only that no pool runs the call changed from {@link WebFluxCrudService}. <b>Scheduler:</b> the result is signalled
 * on the driver's event loop, which the controller leaves at once for the request's own. <b>Errors</b> and
 * <b>cancel</b>: as {@link ReactiveCrud}'s.
 *
 * @param <T> the entity type
 */
class ReactiveWebFluxCrudService<T extends Identifiable<T>> extends ReactiveCrud<T> implements WebFluxCrud<T> {

    ReactiveWebFluxCrudService(ReactiveEntityStore<T> store, EntityRules rules) {
        super(store, rules);
    }
}
