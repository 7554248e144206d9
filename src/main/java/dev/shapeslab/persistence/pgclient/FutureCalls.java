package dev.shapeslab.persistence.pgclient;

import dev.shapeslab.domain.StoreUnavailableException;
import dev.shapeslab.persistence.OutageBreaker;
import dev.shapeslab.persistence.StoreCallRecording;
import io.vertx.core.Future;
import java.util.function.Supplier;

/** The shared breaker and JFR recording around a Future: the store-call policy's only Vert.x, kept out of the root. */
public final class FutureCalls {

    private FutureCalls() {
    }

    /**
     * The Future {@code call} starts, unless the database is known to be unreachable, as one call the breaker counts
     * and JFR records. <b>Errors:</b> while open, a {@link StoreUnavailableException}.
     */
    public static <T> Future<T> guarded(OutageBreaker breaker, String entity, String operation, Supplier<Future<T>> call) {
        OutageBreaker.Trial trial;
        try {
            trial = breaker.start();
        } catch (StoreUnavailableException turnedAway) {
            return Future.failedFuture(turnedAway); // not recorded: the work that reached the database is
        }
        StoreCallRecording.Recorded recorded = StoreCallRecording.begin(entity, operation);
        Future<T> started;
        try {
            started = call.get();
        } catch (RuntimeException failure) {
            started = Future.failedFuture(failure);
        }
        return started.andThen(outcome -> {
            recorded.end(outcome.succeeded() ? "ok" : outcome.cause().getClass().getSimpleName());
            if (outcome.succeeded()) {
                trial.answered();
            } else {
                trial.failed(outcome.cause());
            }
        });
    }
}
