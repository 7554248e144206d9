package dev.shapeslab.persistence.stub;

import dev.shapeslab.persistence.SimulatedLatency;
import dev.shapeslab.startup.Profiles;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Profile;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The delay {@code stub.latency} adds to every stub operation, and how it is waited for
 * ({@code stub.latency-mode}):
 * <ul>
 * <li>{@code blocking}: the store sleeps on the calling thread, as a blocking (JDBC) driver holds its thread
 * while the database works.</li>
 * <li>{@code timer}: the store answers at once and the caller waits on a timer first, holding no thread, as
 * over a non-blocking driver. Only the {@code async} variant waits on timers.</li>
 * <li>{@code auto} (the default): {@code timer} under {@code async}, {@code blocking} otherwise.</li>
 * </ul>
 * Which of the two applies decides whether async pays off; {@code blocking} under {@code async} shows async
 * over a blocking driver, the situation of the original article series.
 */
@Component
@Profile(Profiles.STUB)
public class StubLatency implements SimulatedLatency {

    private final Duration latency;
    private final boolean onTimer;

    StubLatency(@Value("${stub.latency:0ms}") Duration latency,
                @Value("${stub.latency-mode:auto}") String mode, Environment environment) {
        if (latency.isNegative()) {
            throw new IllegalArgumentException("stub.latency must not be negative: " + latency);
        }
        boolean async = environment.matchesProfiles(Profiles.ASYNC);
        this.latency = latency;
        this.onTimer = switch (mode) {
            case "auto" -> async;
            case "blocking" -> false;
            case "timer" -> {
                if (!async) {
                    throw new IllegalArgumentException(
                            "stub.latency-mode=timer needs the async variant: only it waits on timers");
                }
                yield true;
            }
            default -> throw new IllegalArgumentException(
                    "stub.latency-mode must be auto, blocking or timer, not '" + mode + "'");
        };
    }

    @Override
    public Duration forNonBlockingCallers() {
        return onTimer ? latency : Duration.ZERO;
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
