package dev.shapeslab.execution.plain;

import dev.shapeslab.domain.Drawing;
import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.persistence.EntityStore;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Service;

@Service
@Profile(PlainVariant.SERVES)
class PlainDrawingService extends PlainCrudService<Drawing> {

    PlainDrawingService(EntityStore<Drawing> store, EntityRules rules) {
        super(store, rules);
    }
}
