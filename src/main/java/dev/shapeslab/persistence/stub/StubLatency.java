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
 * The delay {@code stub.latency} adds to every stub operation, and how it is waited for ({@code stub.latency-mode}):
 * {@code blocking}, the store sleeps on the calling thread, as a JDBC driver holds it; {@code timer}, the caller waits
 * on a timer first, holding no thread, as over a non-blocking driver (only {@code async}, {@code webflux} and
 * {@code vertx} take the wait over, {@link #handOverToTimer()}; start-up refuses it under the others); {@code auto},
 * the default, {@code timer} where a variant takes it over. {@code blocking} under {@code async} shows async over a
 * blocking driver, the original article series' situation.
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
