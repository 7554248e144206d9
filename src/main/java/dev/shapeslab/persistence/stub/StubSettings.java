package dev.shapeslab.persistence.stub;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/** The stub's latency ({@code stub.latency}) and how it is waited for ({@code stub.latency-mode}: {@link StubLatency}). */
@ConfigurationProperties("stub")
record StubSettings(@DefaultValue("0ms") Duration latency, @DefaultValue("auto") String latencyMode) {

    StubSettings {
        if (latency.isNegative()) {
            throw new IllegalArgumentException("stub.latency must not be negative: " + latency);
        }
        if (!latencyMode.equals("auto") && !latencyMode.equals("blocking") && !latencyMode.equals("timer")) {
            throw new IllegalArgumentException(StubLatency.MODE + " must be auto, blocking or timer, not '" + latencyMode
                    + "'");
        }
    }
}
