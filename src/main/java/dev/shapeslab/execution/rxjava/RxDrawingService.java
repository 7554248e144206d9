package dev.shapeslab.execution.rxjava;

import dev.shapeslab.domain.Drawing;
import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.startup.Profiles;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Service;

@Service
@Profile(Profiles.RXJAVA)
class RxDrawingService extends RxCrudService<Drawing> {

    RxDrawingService(EntityStore<Drawing> store, EntityRules rules) {
        super(store, rules);
    }
}
