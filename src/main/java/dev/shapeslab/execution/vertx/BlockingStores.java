package dev.shapeslab.execution.vertx;

import dev.shapeslab.domain.Circle;
import dev.shapeslab.domain.Drawing;
import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.execution.Variants;
import dev.shapeslab.persistence.Backends;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.persistence.SimulatedLatency;
import dev.shapeslab.persistence.VertxEntityStore;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.Optional;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;

/**
 * Under {@code vertx} on a backend of blocking stores (the JDBC backends but {@code pg}, the stub): the worker pool
 * and the stores adapted to it ({@link BlockingStore}). On {@code pg} the Vert.x PostgreSQL client's stores are
 * non-blocking ({@link Backends#PG_ON_VERTX}), and neither exists.
 */
@Configuration(proxyBeanMethods = false)
@Profile(Variants.VERTX + " & !" + Backends.PG)
class BlockingStores {

    @Bean(destroyMethod = "close")
    BlockingWork blockingWork(Vertx vertx, @Value("${vertx.blocking.threads}") int threads,
                              @Value("${vertx.blocking.queue-capacity}") int queueCapacity, MeterRegistry registry) {
        return new BlockingWork(vertx, threads, queueCapacity, registry);
    }

    @Bean
    VertxEntityStore<Circle> vertxCircleStore(EntityStore<Circle> store, BlockingWork work, Vertx vertx,
            Optional<SimulatedLatency> latency, @Value("${vertx.timeout}") Duration timeout) {
        return new BlockingStore<>(store, work, vertx, onTimer(latency), timeout);
    }

    @Bean
    VertxEntityStore<Rectangle> vertxRectangleStore(EntityStore<Rectangle> store, BlockingWork work, Vertx vertx,
            Optional<SimulatedLatency> latency, @Value("${vertx.timeout}") Duration timeout) {
        return new BlockingStore<>(store, work, vertx, onTimer(latency), timeout);
    }

    @Bean
    VertxEntityStore<Drawing> vertxDrawingStore(EntityStore<Drawing> store, BlockingWork work, Vertx vertx,
            Optional<SimulatedLatency> latency, @Value("${vertx.timeout}") Duration timeout) {
        return new BlockingStore<>(store, work, vertx, onTimer(latency), timeout);
    }

    /** The stub's latency, waited for on a Vert.x timer from now on (zero when it keeps blocking, or there is none). */
    private static Duration onTimer(Optional<SimulatedLatency> latency) {
        return latency.map(SimulatedLatency::handOverToTimer).orElse(Duration.ZERO);
    }
}
