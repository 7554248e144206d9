package dev.shapeslab.execution;

import java.time.Duration;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * The answer timeout of a variant with a blocking pool ({@code async.timeout}, {@code webflux.timeout},
 * {@code vertx.timeout}), checked as it binds.
 *
 * <p>It bounds the wait before a request's store call starts (the {@link BlockingPool}'s queue, the stub's latency
 * timer): a call not started by then never runs and is answered 503; one started is answered by its own result,
 * which {@code shapes.database.request-timeout} bounds. So a 503 never writes later, and no order between the two
 * settings is required ({@code AsyncTimeoutTests}, {@code AsyncTimeoutOnHungDatabaseTests}).
 *
 * @param key     the setting, for messages
 * @param timeout at least 1 ms
 */
public record AnswerTimeout(String key, Duration timeout) {

    public AnswerTimeout {
        if (timeout == null || timeout.toMillis() < 1) {
            throw new IllegalArgumentException(key + " must be at least 1ms, not " + timeout + ": it is how long a "
                    + "request may wait for its store call to start before its 503, and none would start (under "
                    + "async, a timeout of 0 would never answer a request whose call cannot start)");
        }
    }

    /** The timeout {@code key} sets, as bound from {@code environment}. */
    public static AnswerTimeout of(Environment environment, String key) {
        return new AnswerTimeout(key, Binder.get(environment).bind(key, Duration.class).orElse(null));
    }
}
