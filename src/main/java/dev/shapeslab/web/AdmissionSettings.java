package dev.shapeslab.web;

import com.netflix.concurrency.limits.Limit;
import com.netflix.concurrency.limits.limit.Gradient2Limit;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Admission control's settings ({@code shapes.admission.*}), checked as the app starts.
 *
 * @param maxInFlight requests served at once at most (held by a thread, or suspended)
 * @param maxQueue requests that may wait for a place besides; past them, 503 at once
 * @param maxWait the longest a request waits for a place; then 503
 * @param algorithm {@code fixed} (the bound is {@code maxInFlight}) or {@code gradient2} (adapts the bound to
 *        measured latency, up to {@code maxInFlight})
 */
@ConfigurationProperties("shapes.admission")
public record AdmissionSettings(int maxInFlight, int maxQueue, Duration maxWait, String algorithm) {

    public AdmissionSettings {
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("shapes.admission.max-in-flight must be at least 1: " + maxInFlight);
        }
        if (maxQueue < 0) {
            throw new IllegalArgumentException("shapes.admission.max-queue must not be negative: " + maxQueue);
        }
        if (maxWait == null || maxWait.isNegative()) {
            throw new IllegalArgumentException("shapes.admission.max-wait must be a duration of 0 or more: " + maxWait);
        }
        if (maxQueue > 0 && maxWait.toMillis() < 1) {
            throw new IllegalArgumentException("shapes.admission.max-wait must be at least 1ms when requests may "
                    + "wait (shapes.admission.max-queue=" + maxQueue + "); set max-queue to 0 to turn waiting off");
        }
        if (!"fixed".equals(algorithm) && !"gradient2".equals(algorithm)) {
            throw new IllegalArgumentException(
                    "shapes.admission.algorithm must be fixed or gradient2, not '" + algorithm + "'");
        }
    }

    /** A new limit as {@code algorithm} says: each admission control keeps its own. */
    public Limit newLimit() {
        return switch (algorithm) {
            case "gradient2" -> Gradient2Limit.newBuilder().initialLimit(Math.min(100, maxInFlight))
                    .minLimit(Math.min(20, maxInFlight)).maxConcurrency(maxInFlight).build();
            default -> new FixedBound(maxInFlight);
        };
    }

    /** Requests that the service holds at once at most, served or waiting: Tomcat needs a connection for each. */
    public int maxHeld() {
        return maxInFlight + maxQueue;
    }
}
