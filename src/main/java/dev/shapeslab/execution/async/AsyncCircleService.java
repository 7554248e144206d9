package dev.shapeslab.execution.async;

import dev.shapeslab.domain.Circle;
import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.persistence.SimulatedLatency;
import dev.shapeslab.startup.Profiles;
import java.util.Optional;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Service;

@Service
@Profile(Profiles.ASYNC)
class AsyncCircleService extends AsyncCrudService<Circle> {

    AsyncCircleService(EntityStore<Circle> store, EntityRules rules, BlockingWorkPool pool,
                     Optional<SimulatedLatency> latency, LatencyTimer latencyTimer) {
        super(store, rules, pool, latency, latencyTimer);
    }
}
