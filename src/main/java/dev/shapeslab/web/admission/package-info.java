/**
 * Admission control on every server ({@code shapes.admission.*}): {@link dev.shapeslab.web.admission.AdmissionQueue},
 * server-neutral, decides which request is served, which waits and which is turned away; one adapter per server holds
 * its requests and gives a place back on one event, once. It imports no server's package of this app; they wire it.
 * <pre>
 *   arrives ──► a place free and nobody waiting ──► admitted ──► served ──► answered ──► place given back
 *      │                                                ▲                                    │
 *      │                                                │ handed the place given back ◄──────┘
 *      └─► queue not full ──► waits (no thread held) ───┤
 *      │                                                └─► max-wait passed, or its client gone ──► 503 / dropped
 *      └─► queue full ──► held for refusal-delay, no place (0 on Tomcat) ──► 503 with Retry-After
 * </pre>
 */
package dev.shapeslab.web.admission;
