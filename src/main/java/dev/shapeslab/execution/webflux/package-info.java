/**
 * Variant {@code webflux}: Spring WebFlux on Reactor Netty, without Tomcat or Jersey. A request is handled and
 * answered on an event loop; blocking store calls run on the {@link dev.shapeslab.execution.BlockingPool}, and over
 * {@code r2dbc} nothing runs them.
 *
 * <p>Annotated controllers, not functional routes: they negotiate HTTP as JAX-RS does (405 with {@code Allow}, 406,
 * 415, a non-numeric path variable refused), which a router function would code again by hand.
 */
package dev.shapeslab.execution.webflux;
