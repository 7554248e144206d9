package dev.shapeslab.web.admission;

import com.netflix.concurrency.limits.Limit;
import com.netflix.concurrency.limits.limit.Gradient2Limit;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Admission control's settings ({@code shapes.admission.*}), checked as the app starts.
 *
 * <p>On a database the bound follows the connection pool: unless {@code max-in-flight} is set, it is
 * {@code in-flight-per-connection} × {@code database-connections}, where application.properties makes
 * {@code database-connections} the active backend's pool size ({@code spring.datasource.hikari.maximum-pool-size},
 * {@code shapes.r2dbc.pool.max-size}, {@code shapes.vertx.pg.pool.max-size}), so that raising a pool raises the bound
 * with it. (Properties cannot multiply, and the web layer knows no backend: the product is taken here.) On the stub,
 * which has no pool, application.properties sets {@code max-in-flight} itself.
 *
 * @param maxInFlight requests served at once at most (held by a thread, or suspended)
 * @param maxQueue requests that may wait for a place besides; past them, refused
 * @param maxWait the longest a request waits for a place; then 503
 * @param algorithm {@code fixed} (the bound is {@code maxInFlight}) or {@code gradient2} (adapts the bound to
 *        measured latency, up to {@code maxInFlight})
 * @param refusalDelay how long a request past the full queue is held before its 503 ({@code maxWait} unless set, and
 *        the deployment sets 0 on Tomcat; 0 answers at once): clients that send again as soon as they are
 *        answered then cannot spin the server's CPU on refusals ({@link AdmissionQueue})
 */
@ConfigurationProperties("shapes.admission")
public record AdmissionSettings(int maxInFlight, int maxQueue, Duration maxWait, String algorithm,
                                Duration refusalDelay) {

    /**
     * As bound from {@code shapes.admission.*}: {@code maxInFlight} when set, else
     * {@code inFlightPerConnection} × {@code databaseConnections}; {@code refusalDelay} when set, else {@code maxWait}.
     */
    @ConstructorBinding
    public AdmissionSettings(Integer maxInFlight, int maxQueue, Duration maxWait, String algorithm,
                             Duration refusalDelay, @DefaultValue("0") int inFlightPerConnection,
                             @DefaultValue("0") int databaseConnections) {
        this(maxInFlight != null ? maxInFlight : perConnection(inFlightPerConnection, databaseConnections), maxQueue,
                maxWait, algorithm, refusalDelay != null ? refusalDelay : maxWait);
    }

    /** Refusals held as long as a wait ({@code refusal-delay} unset). */
    public AdmissionSettings(int maxInFlight, int maxQueue, Duration maxWait, String algorithm) {
        this(maxInFlight, maxQueue, maxWait, algorithm, maxWait);
    }

    /** The bound that follows a pool of {@code connections}; refuses to start when there is none to follow. */
    static int perConnection(int inFlightPerConnection, int connections) {
        if (inFlightPerConnection < 1 || connections < 1) {
            throw new IllegalArgumentException("shapes.admission.max-in-flight is not set, and"
                    + " shapes.admission.in-flight-per-connection (" + inFlightPerConnection + ") and"
                    + " shapes.admission.database-connections (" + connections + ") do not give it: set max-in-flight,"
                    + " or both of those at 1 or more");
        }
        return Math.multiplyExact(inFlightPerConnection, connections);
    }

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
        if (refusalDelay == null || refusalDelay.isNegative() || refusalDelay.compareTo(maxWait) > 0) {
            throw new IllegalArgumentException("shapes.admission.refusal-delay must be a duration from 0 to max-wait ("
                    + maxWait + "), so that no request is held longer than one waiting for a place: " + refusalDelay);
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
