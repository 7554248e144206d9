/**
 * The web layer under {@code webflux}, where neither Tomcat nor Jersey runs: the same promises as the servlet
 * stack's, kept by WebFlux's own hooks. Admission control is a {@code WebFilter} ({@link dev.shapeslab.web.admission.FluxAdmission}, wired here), the body
 * rules a {@code WebFilter} and the codecs' limit ({@link FluxBodyGuard}), and every error, Spring's own included
 * (no route, 405, 406, 415, a body Jackson cannot read), one {@code WebExceptionHandler} ({@link FluxProblems})
 * that answers {@link dev.shapeslab.web.Problem} JSON. All of it is configured in {@link FluxWeb}, only in a
 * reactive application.
 */
package dev.shapeslab.web.flux;
