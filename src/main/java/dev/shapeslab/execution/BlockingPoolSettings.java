package dev.shapeslab.execution;

import dev.shapeslab.web.admission.AdmissionSettings;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.core.env.Environment;

/**
 * The {@link BlockingPool}'s settings ({@code shapes.blocking.*}); the defaults are in application.properties, since
 * {@code threads} follows Hikari's pool size and only a property can refer to another.
 *
 * @param threads       as many as the connections, so that none waits inside Hikari
 * @param queueCapacity calls that may wait for a thread; past them, 503 at once
 */
@ConfigurationProperties(BlockingPoolSettings.PREFIX)
public record BlockingPoolSettings(int threads, int queueCapacity) {

    public static final String PREFIX = "shapes.blocking";

    /** Where each variant had its own pool's settings; an old command line must not lose its setting silently. */
    static final List<String> RETIRED_PREFIXES = List.of("async.blocking", "webflux.blocking", "vertx.blocking");

    public BlockingPoolSettings {
        if (threads < 1) {
            throw new IllegalArgumentException(PREFIX + ".threads must be at least 1: " + threads);
        }
        if (queueCapacity < 0) {
            throw new IllegalArgumentException(PREFIX + ".queue-capacity must not be negative: " + queueCapacity);
        }
    }

    /**
     * A request's store calls come one after another, so it needs one place in the pool at a time: a pool holding fewer
     * than admission admits would answer 503 where admission would let them wait. Refuses such a pair.
     */
    void requireRoomFor(AdmissionSettings admission) {
        long places = (long) threads + queueCapacity;
        if (places < admission.maxInFlight()) {
            throw new IllegalStateException(PREFIX + ".threads + " + PREFIX + ".queue-capacity (" + threads + " + "
                    + queueCapacity + ") must be at least shapes.admission.max-in-flight (" + admission.maxInFlight()
                    + "): every request admitted may need a place in the blocking pool, and a pool without one answers "
                    + "503 before admission lets the request wait; raise " + PREFIX + ".queue-capacity to "
                    + (admission.maxInFlight() - threads) + " or more, or lower max-in-flight");
        }
    }

    /** Stops the start on a setting of a retired per-variant pool, naming the one that replaced it. */
    static void refuseRetired(Environment environment) {
        for (String prefix : RETIRED_PREFIXES) {
            for (String key : List.of("threads", "queue-capacity")) {
                if (environment.containsProperty(prefix + "." + key)) {
                    throw new IllegalStateException(prefix + "." + key + " is set; set " + PREFIX + "." + key
                            + " instead (one blocking pool's settings for async, webflux and vertx)");
                }
            }
        }
    }
}
