package dev.shapeslab.execution.plain;

import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.persistence.EntityStore;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Service;

@Service
@Profile(PlainVariant.SERVES)
class PlainRectangleService extends PlainCrudService<Rectangle> {

    PlainRectangleService(EntityStore<Rectangle> store, EntityRules rules) {
        super(store, rules);
    }
}
