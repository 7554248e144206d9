/**
 * The web layer under {@code webflux}: the same promises as the servlet stack's, kept by WebFlux's own hooks, all
 * configured in {@link FluxWeb}: admission ({@link dev.shapeslab.web.admission.FluxAdmission}), the body rules
 * ({@link FluxBodyGuard}) and every error as problem+json ({@link FluxProblems}).
 */
package dev.shapeslab.web.flux;
