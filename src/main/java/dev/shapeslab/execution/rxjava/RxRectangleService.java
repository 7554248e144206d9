package dev.shapeslab.execution.rxjava;

import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.startup.Profiles;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Service;

@Service
@Profile(Profiles.RXJAVA)
class RxRectangleService extends RxCrudService<Rectangle> {

    RxRectangleService(EntityStore<Rectangle> store, EntityRules rules) {
        super(store, rules);
    }
}
