package dev.shapeslab.execution.webflux;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.execution.AnswerTimeout;
import dev.shapeslab.execution.BlockingPool;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.persistence.nonblocking.ReactiveEntityStore;
import dev.shapeslab.persistence.SimulatedLatency;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * Makes the service of an entity type over the one store the backend offers for it: the non-blocking one on
 * {@code r2dbc}, the blocking one (on the {@link BlockingPool}) everywhere else; and the writer of its pages.
 */
@Component
@ConditionalOnDeployment(variant = Variant.WEBFLUX)
class WebFluxServices {

    private final EntityRules rules;
    private final ObjectProvider<BlockingPool> pool;
    private final Optional<SimulatedLatency> latency;
    private final ObjectMapper json;
    private final Duration timeout;

    WebFluxServices(EntityRules rules, ObjectProvider<BlockingPool> pool, Optional<SimulatedLatency> latency,
                    ObjectMapper json, Environment environment) {
        this.rules = rules;
        this.pool = pool;
        this.latency = latency;
        this.json = json;
        this.timeout = AnswerTimeout.of(environment, "webflux.timeout").timeout();
    }

    /**
     * Writes a page of {@code type} as a list of that type, so that a shape keeps its {@code shapeType}: WebFlux's codec
     * sees only {@code List<T>} in the generic base, and Jackson leaves the type id out.
     */
    ObjectWriter pageWriter(Class<?> type) {
        return json.writerFor(json.getTypeFactory().constructCollectionType(List.class, type));
    }

    <T extends Identifiable<T>> WebFluxCrud<T> over(ObjectProvider<EntityStore<T>> blocking,
                                                   ObjectProvider<ReactiveEntityStore<T>> nonBlocking) {
        ReactiveEntityStore<T> reactive = nonBlocking.getIfAvailable();
        if (reactive != null) {
            return new ReactiveWebFluxCrudService<>(reactive, rules);
        }
        Duration onTimer = latency.map(SimulatedLatency::handOverToTimer).orElse(Duration.ZERO);
        return new WebFluxCrudService<>(blocking.getObject(), rules, pool.getObject(), onTimer, timeout);
    }
}
