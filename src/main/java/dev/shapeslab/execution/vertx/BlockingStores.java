package dev.shapeslab.execution.vertx;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Port;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.domain.Circle;
import dev.shapeslab.domain.Drawing;
import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.execution.AnswerTimeout;
import dev.shapeslab.execution.BlockingPool;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.persistence.SimulatedLatency;
import dev.shapeslab.persistence.nonblocking.VertxEntityStore;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.Optional;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/** Under {@code vertx} on a backend of blocking stores: the stores adapted to the {@link BlockingPool}. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnDeployment(variant = Variant.VERTX, port = Port.BLOCKING)
class BlockingStores {

    @Bean
    VertxEntityStore<Circle> vertxCircleStore(EntityStore<Circle> store, BlockingPool pool, Vertx vertx,
            Optional<SimulatedLatency> latency, AnswerTimeout vertxTimeout) {
        return new BlockingStore<>(store, pool, vertx, onTimer(latency), vertxTimeout.timeout());
    }

    @Bean
    VertxEntityStore<Rectangle> vertxRectangleStore(EntityStore<Rectangle> store, BlockingPool pool, Vertx vertx,
            Optional<SimulatedLatency> latency, AnswerTimeout vertxTimeout) {
        return new BlockingStore<>(store, pool, vertx, onTimer(latency), vertxTimeout.timeout());
    }

    @Bean
    VertxEntityStore<Drawing> vertxDrawingStore(EntityStore<Drawing> store, BlockingPool pool, Vertx vertx,
            Optional<SimulatedLatency> latency, AnswerTimeout vertxTimeout) {
        return new BlockingStore<>(store, pool, vertx, onTimer(latency), vertxTimeout.timeout());
    }

    /** A store call not started within it is answered 503 ({@link BlockingStore}). */
    @Bean
    AnswerTimeout vertxTimeout(Environment environment) {
        return AnswerTimeout.of(environment, "vertx.timeout");
    }

    /** The stub's latency, waited for on a Vert.x timer from now on (zero when it keeps blocking, or there is none). */
    private static Duration onTimer(Optional<SimulatedLatency> latency) {
        return latency.map(SimulatedLatency::handOverToTimer).orElse(Duration.ZERO);
    }
}
