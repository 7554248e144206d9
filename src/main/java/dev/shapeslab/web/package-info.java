/**
 * The HTTP contract as every variant serves it: paths, paging, a create's answer, problem+json for every error
 * (the domain's exceptions mapped to statuses), the guards on bodies, admission control and the OpenAPI document,
 * and what Tomcat and Jersey need around them. Sub-package {@code jetty} does the same around Jersey on Jetty
 * (profile {@code jetty}); {@code flux} and {@code vertx} keep the same promises on WebFlux and Vert.x Web, with this
 * package's problem body, admission queue and settings.
 *
 * <p>It may import the domain, to map its exceptions and describe its entities, and no other package of the app:
 * not an execution variant, a backend or start-up, so that one web layer serves every variant over every backend
 * ({@code ArchitectureTests}). Variants import it, never the other way round, and start-up joins the two. This
 * package does not import its sub-packages, and they do not import each other.
 *
 * <p><b>Admission: a place's life.</b> {@link dev.shapeslab.web.AdmissionQueue} decides, whatever the server; one
 * adapter per server holds its requests as that server can and tells the queue when a place comes back.
 * <pre>
 *   arrives ──► a place free and nobody waiting ──► admitted ──► served ──► answered ──► place given back
 *      │                                                ▲                                    │
 *      │                                                │ handed the place given back ◄──────┘
 *      └─► queue not full ──► waits (no thread held) ───┤
 *      │                                                └─► max-wait passed, or its client gone ──► 503 / dropped
 *      └─► queue full ──► 503 with Retry-After at once
 * </pre>
 * The event that gives a place back, per server:
 * <ul>
 * <li>Tomcat ({@link dev.shapeslab.web.AdmissionControl}, a valve): Jersey has finished with the request
 * ({@link dev.shapeslab.web.AdmissionFinish}) or Tomcat has ended its asynchronous cycle (or returned from a request
 * that started none), whichever comes first, once. A waiting request's cycle has no timeout of Tomcat's: only the
 * queue ends a wait.</li>
 * <li>Jetty ({@code jetty.JettyAdmission}, a handler): the request's completion listener, added as it arrives.</li>
 * <li>WebFlux ({@code flux.FluxAdmission}, a filter): the end of the filter chain's {@code Mono}, whatever its
 * signal ({@code doFinally}).</li>
 * <li>Vert.x ({@code vertx.VertxAdmission}, a route handler): the routing context's end handler.</li>
 * </ul>
 */
package dev.shapeslab.web;
