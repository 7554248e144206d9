package dev.shapeslab.persistence.r2dbc;

import dev.shapeslab.domain.StoreUnavailableException;
import dev.shapeslab.persistence.OutageBreaker;
import dev.shapeslab.persistence.StoreCallRecording;
import reactor.core.publisher.Mono;

/**
 * The shared store-call policy's breaker and recording around a Mono: the only Reactor in it, so that the policy
 * ({@link OutageBreaker}, {@link StoreCallRecording}) imports none. Each subscription is one call, ended once by its
 * value or completion (an answer), its error, or its cancellation.
 *
 * <p><b>Scheduler:</b> none: the breaker is asked and the event begun on the subscribing thread, and the signals pass
 * on the thread that sends them, which ends the call first. <b>Errors:</b> see each method.
 */
public final class ReactorCalls {

    private ReactorCalls() {
    }

    /**
     * {@code call}, subscribed to only if the database is not known to be unreachable at the time of the subscription.
     * <b>Errors:</b> while open, a {@link StoreUnavailableException} like the last outage's, without subscribing to
     * {@code call}; otherwise {@code call}'s signals, unchanged. A cancellation counts for nothing.
     */
    public static <T> Mono<T> guarded(OutageBreaker breaker, Mono<T> call) {
        return Mono.defer(() -> {
            OutageBreaker.Trial trial;
            try {
                trial = breaker.start();
            } catch (StoreUnavailableException turnedAway) {
                return Mono.error(turnedAway);
            }
            return call.doOnSuccess(result -> trial.answered()).doOnError(trial::failed).doOnCancel(trial::abandoned);
        });
    }

    /**
     * {@code call} as a JFR store-call event, from its subscription to its end, committed before the result goes on
     * (so the event exists once the answer does); nothing is watched while no recording asks for the event.
     * <b>Errors:</b> {@code call}'s, unchanged.
     */
    static <T> Mono<T> recorded(String entity, String operation, Mono<T> call) {
        return Mono.defer(() -> {
            StoreCallRecording.Recorded recorded = StoreCallRecording.begin(entity, operation);
            return !recorded.on() ? call : call.doOnSuccess(result -> recorded.end("ok"))
                    .doOnError(failure -> recorded.end(StoreCallRecording.Recorded.failed(failure)))
                    .doOnCancel(() -> recorded.end("cancelled"));
        });
    }
}
