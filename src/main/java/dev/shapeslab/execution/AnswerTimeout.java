package dev.shapeslab.execution;

import java.time.Duration;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * The answer timeout of a variant with a blocking pool ({@code async.timeout}, {@code webflux.timeout},
 * {@code vertx.timeout}): a store call not started by then (in the pool's queue, on the stub's latency timer) never
 * runs and is answered 503; one started answers itself, so a 503 never writes later ({@code AsyncTimeoutTests}).
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
