package dev.shapeslab.execution.async;

import dev.shapeslab.startup.Profiles;
import dev.shapeslab.web.ProblemException;
import io.reactivex.Single;
import io.reactivex.disposables.CompositeDisposable;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.ConnectionCallback;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

/**
 * Connects a pipeline to a suspended response: subscribes, and resumes the response exactly once, from
 * the thread that signals the result (an error goes to the problem+json mappers).
 * <ul>
 * <li>Every response has a timeout ({@code async.timeout}) answered 503 problem+json; the subscription is
 * then disposed, so work not yet started never runs.</li>
 * <li>When the container reports that the client went away, the subscription is disposed too. Tomcat does
 * not report it for a suspended response that is idle (measured: neither JAX-RS's {@code ConnectionCallback}
 * nor the servlet {@code AsyncListener.onError} fires before the server writes), so there the timeout is
 * what bounds the work held for a departed client.</li>
 * <li>Whatever arrives after the first resume (a result racing the timeout) is dropped.</li>
 * </ul>
 */
@Component
@Profile(Profiles.ASYNC)
public class AsyncResponder {

    private final Duration timeout;

    AsyncResponder(@Value("${async.timeout}") Duration timeout) {
        this.timeout = timeout;
    }

    public void respond(AsyncResponse response, Single<?> result) {
        CompositeDisposable subscription = new CompositeDisposable();
        ResumeOnce resume = new ResumeOnce(response);
        response.setTimeoutHandler(timedOut -> {
            subscription.dispose();
            resume.with(ProblemException.unavailable("No answer within " + timeout.toMillis() + " ms", 1));
        });
        response.setTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS);
        response.register((ConnectionCallback) disconnected -> subscription.dispose());
        subscription.add(result.subscribe(resume::with, resume::with));
    }

    /** Resumes an {@link AsyncResponse} with the first value or error given, and ignores the rest. */
    static final class ResumeOnce {
        private final AsyncResponse response;
        private final AtomicBoolean resumed = new AtomicBoolean();

        ResumeOnce(AsyncResponse response) {
            this.response = response;
        }

        boolean with(Object value) {
            if (!resumed.compareAndSet(false, true)) {
                return false;
            }
            return value instanceof Throwable failure ? response.resume(failure) : response.resume(value);
        }
    }
}
