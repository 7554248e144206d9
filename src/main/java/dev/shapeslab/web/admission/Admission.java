package dev.shapeslab.web.admission;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/** What admission control reports, whichever server it guards, under the same metric names. */
public interface Admission {

    AdmissionQueue queue();

    // The queue's figures, as the server's (bindMetrics says what each counts).

    default int limit() {
        return queue().limit();
    }

    default int inFlight() {
        return queue().inFlight();
    }

    default int waiting() {
        return queue().waiting();
    }

    default int refusing() {
        return queue().refusing();
    }

    default long rejected() {
        return queue().rejected();
    }

    default long waited() {
        return queue().waited();
    }

    default long timedOut() {
        return queue().timedOut();
    }

    /** Publishes the figures as {@code admission.*} meters. */
    static void bindMetrics(Admission admission, MeterRegistry registry) {
        AdmissionQueue queue = admission.queue();
        Gauge.builder("admission.inflight", queue, AdmissionQueue::inFlight)
                .description("Requests admitted and not yet complete").register(registry);
        Gauge.builder("admission.limit", queue, AdmissionQueue::limit)
                .description("The bound on requests in flight").register(registry);
        Gauge.builder("admission.waiting", queue, AdmissionQueue::waiting)
                .description("Requests waiting for a place").register(registry);
        Gauge.builder("admission.refusing", queue, AdmissionQueue::refusing)
                .description("Requests past the full queue, held until the refusal delay has passed and refused")
                .register(registry);
        FunctionCounter.builder("admission.waited", queue, AdmissionQueue::waited)
                .description("Requests admitted after waiting for a place").register(registry);
        FunctionCounter.builder("admission.rejected", queue, AdmissionQueue::rejected)
                .description("Requests answered 503: they waited too long, or the queue was full").register(registry);
        FunctionCounter.builder("admission.timed.out", queue, AdmissionQueue::timedOut)
                .description("Requests answered 503 after waiting the longest wait").register(registry);
    }
}
