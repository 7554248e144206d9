/**
 * Admission control on every server: at most {@code max-in-flight} requests served at once, up to {@code max-queue}
 * more waiting for a place, in arrival order and holding no thread, for at most {@code max-wait}; past either, 503
 * problem+json with {@code Retry-After} ({@code shapes.admission.*}, {@link dev.shapeslab.web.admission.AdmissionSettings}).
 *
 * <p>{@link dev.shapeslab.web.admission.AdmissionQueue}, server-neutral, decides which request is served, which waits
 * and which is turned away. One small adapter per server holds that server's requests as it can and gives a place back
 * on one event, once: {@link dev.shapeslab.web.admission.TomcatAdmission} (a valve: the end of the request's
 * asynchronous cycle, or the valve's return), {@link dev.shapeslab.web.admission.JettyAdmission} (a handler: the
 * request's completion), {@link dev.shapeslab.web.admission.FluxAdmission} (a {@code WebFilter}: the chain's
 * {@code doFinally}) and {@link dev.shapeslab.web.admission.VertxAdmission} (a route handler: the end handler).
 *
 * <p><b>A place's life.</b>
 * <pre>
 *   arrives ──► a place free and nobody waiting ──► admitted ──► served ──► answered ──► place given back
 *      │                                                ▲                                    │
 *      │                                                │ handed the place given back ◄──────┘
 *      └─► queue not full ──► waits (no thread held) ───┤
 *      │                                                └─► max-wait passed, or its client gone ──► 503 / dropped
 *      └─► queue full ──► 503 with Retry-After at once
 * </pre>
 *
 * <p>It imports the web layer's core and each server's own API, never a server's package of this app; those import
 * it and wire their adapter, passing in as functions what it needs of them ({@code ArchitectureTests}).
 */
package dev.shapeslab.web.admission;
