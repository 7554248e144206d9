package dev.shapeslab.persistence.stub;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Store;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/** Id sequences shared like the database's: one for every shape (standalone or in a drawing), one for drawings. */
@Component
@ConditionalOnDeployment(store = Store.STUB)
class StubIds {

    final AtomicLong shapes = new AtomicLong();
    final AtomicLong drawings = new AtomicLong();
}
