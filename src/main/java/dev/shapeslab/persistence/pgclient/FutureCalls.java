package dev.shapeslab.persistence.pgclient;

import dev.shapeslab.domain.StoreUnavailableException;
import dev.shapeslab.persistence.OutageBreaker;
import dev.shapeslab.persistence.StoreCallRecording;
import io.vertx.core.Future;
import java.util.function.Supplier;

/**
 * The shared store-call policy's breaker and recording around a Vert.x Future: the only Vert.x in it, so that the
 * policy ({@link OutageBreaker}, {@link StoreCallRecording}) imports none. Each start is one call, ended by its
 * Future's outcome.
 *
 * <p><b>Context:</b> the call is started on the calling thread (an event loop), and its end is seen on the thread that
 * completes the Future, before any handler the caller adds. <b>Errors:</b> see each method; nothing is thrown.
 */
public final class FutureCalls {

    private FutureCalls() {
    }

    /**
     * The Future {@code call} starts, started only if the database is not known to be unreachable. <b>Errors:</b>
     * while open, a failed Future with a {@link StoreUnavailableException} like the last outage's, without starting
     * {@code call}; otherwise {@code call}'s outcome, unchanged (a throw as a failed Future, counted as the call's).
     */
    public static <T> Future<T> guarded(OutageBreaker breaker, Supplier<Future<T>> call) {
        OutageBreaker.Trial trial;
        try {
            trial = breaker.start();
        } catch (StoreUnavailableException turnedAway) {
            return Future.failedFuture(turnedAway);
        }
        Future<T> started;
        try {
            started = call.get();
        } catch (RuntimeException failure) {
            started = Future.failedFuture(failure);
        }
        return started.andThen(outcome -> {
            if (outcome.succeeded()) {
                trial.answered();
            } else {
                trial.failed(outcome.cause());
            }
        });
    }

    /**
     * The Future {@code call} starts, as a JFR store-call event from its start to its end, committed on the event loop
     * that ends it before the result goes on. <b>Errors:</b> {@code call}'s, unchanged.
     */
    static <T> Future<T> recorded(String entity, String operation, Supplier<Future<T>> call) {
        StoreCallRecording.Recorded recorded = StoreCallRecording.begin(entity, operation);
        return !recorded.on() ? call.get() : call.get().andThen(outcome -> recorded.end(outcome.succeeded() ? "ok"
                : StoreCallRecording.Recorded.failed(outcome.cause())));
    }
}
