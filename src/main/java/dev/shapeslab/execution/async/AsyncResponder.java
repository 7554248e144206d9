package dev.shapeslab.execution.async;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.execution.AnswerTimeout;
import dev.shapeslab.web.ProblemCatalogue;
import io.reactivex.Single;
import io.reactivex.disposables.CompositeDisposable;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.ConnectionCallback;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * Connects a pipeline to a suspended response and resumes it exactly once, from the thread that signals the result.
 * A timeout ({@code async.timeout}) answers 503 only if the work has not started ({@link WorkGate}); a client gone,
 * when the container tells (Tomcat does not for an idle suspended response), disposes the subscription.
 */
@Component
@ConditionalOnDeployment(variant = Variant.ASYNC)
public class AsyncResponder {

    private final Duration timeout;

    @Autowired
    AsyncResponder(Environment environment) {
        this(AnswerTimeout.of(environment, "async.timeout").timeout());
    }

    private AsyncResponder(Duration timeout) {
        this.timeout = timeout;
    }

    /**
     * A responder without a timeout, for {@code rxjava} over the non-blocking store: the gate never shuts, and each
     * request is bounded by its store call's deadline ({@code shapes.database.request-timeout}).
     */
    public static AsyncResponder untimed() {
        return new AsyncResponder((Duration) null);
    }

    /**
     * Subscribes to the pipeline {@code work} builds and answers {@code response} with its result. The
     * pipeline must pass the gate it is given to its blocking work (see {@link AsyncCrudService}).
     */
    public void respond(AsyncResponse response, Function<WorkGate, Single<?>> work) {
        CompositeDisposable subscription = new CompositeDisposable();
        Exchange exchange = new Exchange(response);
        if (timeout != null) {
            response.setTimeoutHandler(timedOut -> {
                if (exchange.expire()) {
                    subscription.dispose(); // first, so that nothing of the work is left when the client hears
                    exchange.answer(ProblemCatalogue.NO_ANSWER_IN_TIME.exception(timeout.toMillis()));
                } else {
                    // The work has started and will answer; wait for it (its store bounds keep that short).
                    timedOut.setTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS);
                }
            });
            response.setTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS);
        }
        response.register((ConnectionCallback) disconnected -> subscription.dispose());
        subscription.add(work.apply(exchange).subscribe(exchange::with, exchange::with));
    }

    /**
     * One request's response and where it stands: waiting for its work, work started, or answered. It is
     * answered exactly once, and the timeout may only answer it while the work has not started.
     */
    static final class Exchange implements WorkGate {
        private static final int WAITING = 0;
        private static final int WORKING = 1;
        private static final int ANSWERED = 2;

        private final AsyncResponse response;
        private final AtomicInteger state = new AtomicInteger(WAITING);

        Exchange(AsyncResponse response) {
            this.response = response;
        }

        @Override
        public boolean enter() {
            return state.compareAndSet(WAITING, WORKING) || state.get() == WORKING;
        }

        /** Answers with the work's result (a value or an error), unless already answered. */
        boolean with(Object value) {
            if (state.getAndSet(ANSWERED) == ANSWERED) {
                return false;
            }
            return resume(value);
        }

        /**
         * Claims the answer for the timeout if the work has not started, shutting the gate to it for good;
         * the caller then {@link #answer}s. {@code false}: the work has started (or answered) and will answer.
         */
        boolean expire() {
            return state.compareAndSet(WAITING, ANSWERED);
        }

        /** The answer after a successful {@link #expire()}. */
        boolean answer(Throwable failure) {
            return resume(failure);
        }

        private boolean resume(Object value) {
            return value instanceof Throwable failure ? response.resume(failure) : response.resume(value);
        }
    }
}
