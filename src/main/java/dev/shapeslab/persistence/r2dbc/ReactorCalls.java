package dev.shapeslab.persistence.r2dbc;

import dev.shapeslab.domain.StoreUnavailableException;
import dev.shapeslab.persistence.OutageBreaker;
import dev.shapeslab.persistence.StoreCallRecording;
import reactor.core.publisher.Mono;

/** The shared breaker and JFR recording around a Mono: the store-call policy's only Reactor, kept out of the root. */
public final class ReactorCalls {

    private ReactorCalls() {
    }

    /**
     * {@code call}, subscribed to only if the database is not known to be unreachable; each subscription one call the
     * breaker counts and JFR records. <b>Errors:</b> while open, a {@link StoreUnavailableException}.
     */
    public static <T> Mono<T> guarded(OutageBreaker breaker, String entity, String operation, Mono<T> call) {
        return Mono.defer(() -> {
            OutageBreaker.Trial trial;
            try {
                trial = breaker.start();
            } catch (StoreUnavailableException turnedAway) {
                return Mono.error(turnedAway); // not recorded: the work that reached the database is
            }
            StoreCallRecording.Recorded recorded = StoreCallRecording.begin(entity, operation);
            return call.doOnSuccess(result -> {
                recorded.end("ok");
                trial.answered();
            }).doOnError(failure -> {
                recorded.end(failure.getClass().getSimpleName());
                trial.failed(failure);
            }).doOnCancel(() -> {
                recorded.end("cancelled");
                trial.abandoned();
            });
        });
    }
}
