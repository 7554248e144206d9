/**
 * Variant {@code webflux}: Spring WebFlux on Reactor Netty, without Tomcat or Jersey. Annotated controllers, not
 * functional routes: they negotiate HTTP as JAX-RS does (405, 406, 415), which a router would code again by hand.
 */
package dev.shapeslab.execution.webflux;
