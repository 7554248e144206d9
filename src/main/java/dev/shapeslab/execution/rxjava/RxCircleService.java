package dev.shapeslab.execution.rxjava;

import dev.shapeslab.domain.Circle;
import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.startup.Profiles;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Service;

@Service
@Profile(Profiles.RXJAVA)
class RxCircleService extends RxCrudService<Circle> {

    RxCircleService(EntityStore<Circle> store, EntityRules rules) {
        super(store, rules);
    }
}
