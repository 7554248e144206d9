package dev.shapeslab.execution;

import java.time.Duration;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * The answer timeout of a variant with a blocking pool ({@code async.timeout}, {@code webflux.timeout},
 * {@code vertx.timeout}), checked as it binds. One record for the three keys, each read under its own variant.
 *
 * <p>What it bounds: the wait before a request's store call starts, in the {@link BlockingPool}'s queue and on the
 * timer that waits out the stub's latency. A call not started by then never runs and is answered 503 with
 * {@code Retry-After}; one that has started is answered by its own result, which {@code shapes.database.request-timeout}
 * bounds, and the timeout does not answer it ({@code async.WorkGate}, and the webflux and vertx services' one
 * decision between start and deadline). So a 503 never writes later whichever of the two settings is longer: the
 * tests run the timeout below both the database's deadline and the stub's latency ({@code AsyncTimeoutTests},
 * {@code AsyncTimeoutOnHungDatabaseTests}), and no order between them is required.
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
