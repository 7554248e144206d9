/**
 * Variant {@code webflux}: Spring WebFlux on Reactor Netty, without Tomcat or Jersey. A request is handled and
 * answered on a Reactor Netty event loop; blocking store calls (the JDBC backends, the stub) run on a bounded, named
 * pool ({@link dev.shapeslab.execution.BlockingPool}), and over the non-blocking store ({@code r2dbc}) nothing runs
 * them at all.
 *
 * <p>Annotated controllers rather than functional routes: the annotated model negotiates HTTP as JAX-RS does for the
 * Jersey variants (405 with {@code Allow}, 406 from {@code produces}, 415 from {@code consumes}, a path variable that
 * is not a number refused before the handler), where a router function would have each of them coded again by hand;
 * and a generic base class with a thin subclass per entity, as in the other variants, is the same shape here.
 */
package dev.shapeslab.execution.webflux;
