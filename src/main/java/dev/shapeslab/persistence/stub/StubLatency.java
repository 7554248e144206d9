package dev.shapeslab.persistence.stub;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.persistence.SimulatedLatency;
import java.time.Duration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The delay {@code stub.latency} adds to every stub operation, waited for ({@code stub.latency-mode}) by sleeping on
 * the calling thread ({@code blocking}, as a JDBC driver) or on the caller's timer ({@code timer}, as a non-blocking
 * driver; {@code async}, {@code webflux} and {@code vertx} only); {@code auto} picks the timer where it can.
 */
@Component
@ConditionalOnDeployment(store = Store.STUB)
@EnableConfigurationProperties(StubSettings.class)
public class StubLatency implements SimulatedLatency {

    public static final String MODE = "stub.latency-mode";

    private final Duration latency;
    private final String mode;
    private volatile boolean onTimer;

    StubLatency(StubSettings settings, Environment environment) {
        Duration latency = settings.latency();
        String mode = settings.latencyMode();
        if (mode.equals("timer") && !Deployment.of(environment).variant().waitsOnTimers()) {
            throw new IllegalStateException(MODE + "=timer needs the async, webflux or vertx variant: only they wait on "
                    + "timers");
        }
        this.latency = latency;
        this.mode = mode;
    }

    @Override
    public Duration handOverToTimer() {
        if (mode.equals("blocking")) {
            return Duration.ZERO;
        }
        onTimer = true;
        return latency;
    }

    void pause() {
        if (onTimer || latency.isZero()) {
            return;
        }
        try {
            Thread.sleep(latency.toMillis(), latency.toNanosPart() % 1_000_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during the injected stub latency", e);
        }
    }
}
