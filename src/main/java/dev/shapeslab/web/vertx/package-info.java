/**
 * The web layer under {@code vertx}, where neither Tomcat, Jersey nor WebFlux runs: the same promises as the other
 * servers', kept by Vert.x Web's own hooks. {@link dev.shapeslab.web.vertx.VertxWeb} puts them in front of each event
 * loop's router: the request timer, admission control ({@link dev.shapeslab.web.admission.VertxAdmission}, the same
 * {@code shapes.admission.*} settings, meters and JFR event), the body rules ({@code VertxBodyGuard}, and Vert.x
 * Web's {@code BodyHandler} at the same limit), and problem+json for every error
 * ({@link dev.shapeslab.web.vertx.VertxProblems}), Vert.x's own refusals included.
 * {@link dev.shapeslab.web.vertx.ManagementRouter} serves the loopback management port.
 */
package dev.shapeslab.web.vertx;
