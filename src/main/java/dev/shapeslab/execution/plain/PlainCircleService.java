package dev.shapeslab.execution.plain;

import dev.shapeslab.domain.Circle;
import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.persistence.EntityStore;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Service;

@Service
@Profile(PlainVariant.SERVES)
class PlainCircleService extends PlainCrudService<Circle> {

    PlainCircleService(EntityStore<Circle> store, EntityRules rules) {
        super(store, rules);
    }
}
