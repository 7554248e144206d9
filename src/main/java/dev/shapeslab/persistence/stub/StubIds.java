package dev.shapeslab.persistence.stub;

import dev.shapeslab.persistence.Backends;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

/** Id sequences shared like the database's: one for every shape (standalone or in a drawing), one for drawings. */
@Component
@Profile(Backends.STUB)
class StubIds {

    final AtomicLong shapes = new AtomicLong();
    final AtomicLong drawings = new AtomicLong();
}
