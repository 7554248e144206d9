package dev.shapeslab.execution.async;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;

import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.TimeoutHandler;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.testng.annotations.Test;

public class ExchangeTests {

    /** Records resumes; answers like Jersey's: true only while not yet resumed. */
    static final class RecordingResponse implements AsyncResponse {
        final List<Object> resumes = new ArrayList<>();

        @Override
        public boolean resume(Object response) {
            resumes.add(response);
            return resumes.size() == 1;
        }

        @Override
        public boolean resume(Throwable response) {
            resumes.add(response);
            return resumes.size() == 1;
        }

        @Override public boolean cancel() { return false; }
        @Override public boolean cancel(int retryAfter) { return false; }
        @Override public boolean cancel(Date retryAfter) { return false; }
        @Override public boolean isSuspended() { return resumes.isEmpty(); }
        @Override public boolean isCancelled() { return false; }
        @Override public boolean isDone() { return !resumes.isEmpty(); }
        @Override public boolean setTimeout(long time, TimeUnit unit) { return true; }
        @Override public void setTimeoutHandler(TimeoutHandler handler) { }
        @Override public Collection<Class<?>> register(Class<?> callback) { return List.of(); }
        @Override public Map<Class<?>, Collection<Class<?>>> register(Class<?> callback, Class<?>... callbacks) { return Map.of(); }
        @Override public Collection<Class<?>> register(Object callback) { return List.of(); }
        @Override public Map<Class<?>, Collection<Class<?>>> register(Object callback, Object... callbacks) { return Map.of(); }
    }

    @Test
    public void aSecondResumeCannotHappen() {
        RecordingResponse response = new RecordingResponse();
        AsyncResponder.Exchange exchange = new AsyncResponder.Exchange(response);

        assertTrue(exchange.with(new IllegalArgumentException("rejected")));
        assertFalse(exchange.with("saved anyway"));
        assertFalse(exchange.with(new IllegalStateException("late")));

        assertEquals(response.resumes.size(), 1);
        assertTrue(response.resumes.get(0) instanceof IllegalArgumentException);
    }

    @Test
    public void aTimeoutBeforeTheWorkStartsAnswersAndShutsTheGate() {
        RecordingResponse response = new RecordingResponse();
        AsyncResponder.Exchange exchange = new AsyncResponder.Exchange(response);

        assertTrue(exchange.expire());
        assertTrue(exchange.answer(new IllegalStateException("timed out")));

        assertFalse(exchange.enter(), "work must not start after the request was answered");
        assertFalse(exchange.with("stored anyway"));
        assertEquals(response.resumes.size(), 1);
    }

    @Test
    public void aTimeoutAfterTheWorkStartedLeavesTheAnswerToTheWork() {
        RecordingResponse response = new RecordingResponse();
        AsyncResponder.Exchange exchange = new AsyncResponder.Exchange(response);

        assertTrue(exchange.enter());
        assertFalse(exchange.expire());
        assertTrue(exchange.with("stored"));

        assertEquals(response.resumes, List.of("stored"));
    }
}
