/**
 * The web layer under {@code webflux}: the servlet stack's promises kept by WebFlux's own hooks ({@link FluxWeb}).
 */
package dev.shapeslab.web.flux;
