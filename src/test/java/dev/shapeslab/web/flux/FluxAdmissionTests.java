package dev.shapeslab.web.flux;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.JfrEvents;
import dev.shapeslab.web.admission.AdmissionSettings;
import dev.shapeslab.web.admission.FluxAdmission;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import jdk.jfr.consumer.RecordedEvent;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilterChain;
import reactor.core.Disposable;
import reactor.core.publisher.Sinks;
import org.testng.annotations.Test;

/**
 * Admission control under webflux, on its own (no server): the bound, the queue in arrival order, the longest wait,
 * a client that leaves while held, and the 503 problem+json with {@code Retry-After} (and its JFR event) past them,
 * a rejected request never reaching the handler.
 */
public class FluxAdmissionTests {

    /** A handler that answers when told: each call takes the next of {@code answers}. */
    private static final class Handler implements WebFilterChain {
        final List<Sinks.Empty<Void>> answers = List.of(Sinks.empty(), Sinks.empty(), Sinks.empty());
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public reactor.core.publisher.Mono<Void> filter(ServerWebExchange exchange) {
            return answers.get(calls.getAndIncrement()).asMono();
        }
    }

    @Test
    public void pastTheBoundRequestsWaitInArrivalOrderAndAreServedAsPlacesFree() throws Exception {
        FluxAdmission admission = FluxWeb.admission(new AdmissionSettings(1, 2, Duration.ofSeconds(60), "fixed"));
        Handler handler = new Handler();
        CompletableFuture<Void> first = admission.filter(exchange(), handler).toFuture();
        CompletableFuture<Void> second = admission.filter(exchange(), handler).toFuture();
        CompletableFuture<Void> third = admission.filter(exchange(), handler).toFuture();

        assertEquals(handler.calls.get(), 1, "one served");
        assertEquals(admission.waiting(), 2);
        handler.answers.get(0).tryEmitEmpty();
        first.get(10, TimeUnit.SECONDS);
        assertEquals(handler.calls.get(), 2, "the oldest waiting request got the place");
        assertFalse(third.isDone());
        handler.answers.get(1).tryEmitEmpty();
        handler.answers.get(2).tryEmitEmpty();
        second.get(10, TimeUnit.SECONDS);
        third.get(10, TimeUnit.SECONDS);

        assertEquals(admission.waited(), 2);
        assertEquals(admission.inFlight(), 0);
        assertEquals(admission.rejected(), 0);
        admission.destroy();
    }

    /**
     * Refused when the longest wait has passed, not at once: a client that sends again as soon as it is answered then
     * sends at most once per wait. Held meanwhile, it never gets a place, not even one that frees while it is held.
     */
    @Test
    public void aRequestPastAFullQueueIsRefusedWhenTheLongestWaitHasPassedAndNeverReachesTheHandler() throws Exception {
        FluxAdmission admission = FluxWeb.admission(new AdmissionSettings(1, 1, Duration.ofSeconds(2), "fixed"));
        Handler handler = new Handler();
        MockServerWebExchange refused = exchange();
        JfrEvents.Recorded<CompletableFuture<Void>> recorded = JfrEvents.whileRunning(() -> {
            CompletableFuture<Void> first = admission.filter(exchange(), handler).toFuture();
            CompletableFuture<Void> waiting = admission.filter(exchange(), handler).toFuture();
            CompletableFuture<Void> refusal = admission.filter(refused, handler).toFuture();
            assertEquals(admission.queue().refusing(), 1, "held for its refusal");
            handler.answers.get(0).tryEmitEmpty(); // a place frees: the waiting request takes it, not the refused one
            first.get(10, TimeUnit.SECONDS);
            assertEquals(handler.calls.get(), 2, "the waiting request got the freed place");
            handler.answers.get(1).tryEmitEmpty();
            waiting.get(10, TimeUnit.SECONDS);
            refusal.get(10, TimeUnit.SECONDS);
            return refusal;
        }, JfrEvents.ADMISSION_REJECTED);

        assertEquals(handler.calls.get(), 2, "the refused request never reached the handler");
        assertEquals(refused.getResponse().getStatusCode().value(), 503);
        assertEquals(refused.getResponse().getHeaders().getFirst("Retry-After"), "1");
        assertEquals(refused.getResponse().getHeaders().getContentType().toString(), "application/problem+json");
        assertTrue(refused.getResponse().getBodyAsString().block().contains("\"status\":503"));
        RecordedEvent event = recorded.named(JfrEvents.ADMISSION_REJECTED).stream().findFirst()
                .orElseThrow(() -> new AssertionError("no AdmissionRejected event: " + recorded.events()));
        assertEquals(event.getString("reason"), "queue full");
        assertEquals(event.getString("path"), "/circles");
        assertEquals(admission.queue().refusing(), 0);
        assertEquals(admission.timedOut(), 0, "refused for the full queue, not for its wait");
        admission.destroy();
    }

    /** {@code refusal-delay=0}: the refusal comes while the admitted request still holds the only place. */
    @Test
    public void withNoRefusalDelayARequestPastAFullQueueIsRefusedAtOnce() throws Exception {
        FluxAdmission admission = FluxWeb.admission(
                new AdmissionSettings(1, 1, Duration.ofSeconds(60), "fixed", Duration.ZERO));
        Handler handler = new Handler();
        CompletableFuture<Void> first = admission.filter(exchange(), handler).toFuture();
        Disposable waiting = admission.filter(exchange(), handler).subscribe();
        MockServerWebExchange refused = exchange();

        admission.filter(refused, handler).toFuture().get(10, TimeUnit.SECONDS);

        assertEquals(refused.getResponse().getStatusCode().value(), 503);
        assertFalse(first.isDone(), "the admitted request still holds its place");
        assertEquals(admission.queue().refusing(), 0, "never held");
        waiting.dispose();
        admission.destroy();
    }

    @Test
    public void aRefusedRequestWhoseClientLeavesIsGoneFromTheRefusals() {
        FluxAdmission admission = FluxWeb.admission(new AdmissionSettings(1, 0, Duration.ofSeconds(60), "fixed"));
        Handler handler = new Handler();
        admission.filter(exchange(), handler).subscribe();
        Disposable refused = admission.filter(exchange(), handler).subscribe();
        assertEquals(admission.queue().refusing(), 1);

        refused.dispose();

        assertEquals(admission.queue().refusing(), 0);
        assertEquals(handler.calls.get(), 1);
        admission.destroy();
    }

    @Test
    public void aRequestThatWaitedTheLongestWaitIs503() throws Exception {
        FluxAdmission admission = FluxWeb.admission(new AdmissionSettings(1, 1, Duration.ofMillis(50), "fixed"));
        Handler handler = new Handler();
        admission.filter(exchange(), handler).subscribe();
        MockServerWebExchange waited = exchange();

        admission.filter(waited, handler).toFuture().get(10, TimeUnit.SECONDS);

        assertEquals(waited.getResponse().getStatusCode().value(), 503);
        assertEquals(waited.getResponse().getHeaders().getFirst("Retry-After"), "1");
        assertEquals(admission.timedOut(), 1);
        assertEquals(handler.calls.get(), 1);
        admission.destroy();
    }

    private static MockServerWebExchange exchange() {
        return MockServerWebExchange.from(MockServerHttpRequest.get("/circles"));
    }
}
