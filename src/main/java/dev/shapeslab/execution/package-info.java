/**
 * One sub-package per execution variant, each with its own base resource and base service and thin
 * per-entity resource subclasses (a resource makes its service), chosen by Spring profile ({@link Variants}):
 * {@code plain} (the default), {@code rxjava}, {@code async} and {@code virtual} on Tomcat and Jersey, and
 * {@code webflux} on Spring WebFlux and Reactor Netty (controllers instead of resources). All of them build on the
 * same domain rules and storage ports.
 */
package dev.shapeslab.execution;
