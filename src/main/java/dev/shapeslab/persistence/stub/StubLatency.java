package dev.shapeslab.persistence.stub;

import dev.shapeslab.startup.Profiles;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

/**
 * The delay {@code stub.latency} adds to every stub operation. Here it blocks the calling thread, as a
 * blocking driver waiting for its database would.
 */
@Component
@Profile(Profiles.STUB)
public class StubLatency {

    private final Duration latency;

    StubLatency(@Value("${stub.latency:0ms}") Duration latency) {
        if (latency.isNegative()) {
            throw new IllegalArgumentException("stub.latency must not be negative: " + latency);
        }
        this.latency = latency;
    }

    public Duration value() {
        return latency;
    }

    void pause() {
        if (latency.isZero()) {
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
