package dev.shapeslab.web;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * What admission control reports, whichever server it guards ({@link AdmissionControl} in front of Jersey,
 * {@code flux.FluxAdmission} in front of WebFlux): the same figures under the same metric names.
 */
public interface Admission {

    /** The bound on requests in flight now (fixed, or where the adaptive algorithm has put it). */
    int limit();

    /** Requests admitted and not yet complete. */
    int inFlight();

    /** Requests waiting for a place now. */
    int waiting();

    /** Requests answered 503 since start: the queue was full, or they waited {@code max-wait}. */
    long rejected();

    /** Requests admitted after waiting for a place, since start. */
    long waited();

    /** Requests answered 503 after waiting {@code max-wait} for a place, since start (part of {@link #rejected()}). */
    long timedOut();

    /** Publishes the figures as {@code admission.*} meters. */
    static void bindMetrics(Admission admission, MeterRegistry registry) {
        Gauge.builder("admission.inflight", admission, Admission::inFlight)
                .description("Requests admitted and not yet complete").register(registry);
        Gauge.builder("admission.limit", admission, Admission::limit)
                .description("The bound on requests in flight").register(registry);
        Gauge.builder("admission.waiting", admission, Admission::waiting)
                .description("Requests waiting for a place").register(registry);
        FunctionCounter.builder("admission.waited", admission, Admission::waited)
                .description("Requests admitted after waiting for a place").register(registry);
        FunctionCounter.builder("admission.rejected", admission, Admission::rejected)
                .description("Requests answered 503: the queue was full, or they waited too long").register(registry);
        FunctionCounter.builder("admission.timed.out", admission, Admission::timedOut)
                .description("Requests answered 503 after waiting the longest wait").register(registry);
    }
}
