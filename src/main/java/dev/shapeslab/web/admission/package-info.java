/**
 * Admission control on every server: at most {@code max-in-flight} requests served at once, up to {@code max-queue}
 * more waiting for a place, in arrival order and holding no thread, for at most {@code max-wait}; past either, 503
 * problem+json with {@code Retry-After} ({@code shapes.admission.*}, {@link dev.shapeslab.web.admission.AdmissionSettings}).
 *
 * <p>The bound and the queue are server-neutral: {@link dev.shapeslab.web.admission.AdmissionQueue} decides which
 * request is served, which waits and which is turned away ({@link dev.shapeslab.web.admission.FixedBound} or
 * concurrency-limits' {@code gradient2} as the bound; {@link dev.shapeslab.web.admission.Admission} its meters,
 * {@link dev.shapeslab.web.admission.AdmissionRejectedEvent} its JFR event). One small adapter per server, named after
 * it, holds that server's requests as it can and tells the queue when a place comes back:
 * {@link dev.shapeslab.web.admission.TomcatAdmission} (a valve; {@code TomcatAdmissionConfiguration} wires it, with
 * {@link dev.shapeslab.web.admission.VirtualThreadStarts} under {@code virtual}),
 * {@link dev.shapeslab.web.admission.JettyAdmission} (a handler), {@link dev.shapeslab.web.admission.FluxAdmission}
 * (a {@code WebFilter}) and {@link dev.shapeslab.web.admission.VertxAdmission} (a route handler).
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
 * The one event that gives a place back, per server (once, whatever else the server tells):
 * <ul>
 * <li>Tomcat ({@link dev.shapeslab.web.admission.TomcatAdmission}, a valve): the request's end in Tomcat: the end of
 * its asynchronous cycle, or, for a request that started none, the valve's return
 * (docs/notebook/2026-11-27-the-lost-async-completion.md says why Jersey's end is not a second event).</li>
 * <li>Jetty ({@link dev.shapeslab.web.admission.JettyAdmission}, a handler): the request's completion listener, added
 * as it arrives.</li>
 * <li>WebFlux ({@link dev.shapeslab.web.admission.FluxAdmission}, a filter): the end of the filter chain's
 * {@code Mono}, whatever its signal ({@code doFinally}).</li>
 * <li>Vert.x ({@link dev.shapeslab.web.admission.VertxAdmission}, a route handler): the routing context's end
 * handler.</li>
 * </ul>
 *
 * <p>It imports the web layer's core (the problem body) and each server's own API, never a
 * server's package of this app ({@code web.jetty}, {@code web.flux}, {@code web.vertx}); those import it, and wire
 * their adapter. Where an adapter needs its server package's help (WebFlux's event loop of a connection and problem
 * answer, Vert.x's problem answer and body check), it is passed in as a function ({@code ArchitectureTests}).
 */
package dev.shapeslab.web.admission;
