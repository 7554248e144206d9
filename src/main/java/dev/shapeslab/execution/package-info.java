/**
 * The execution models: one sub-package per variant, chosen by Spring profile (the
 * {@link dev.shapeslab.deployment.Deployment}'s variant): {@code plain}
 * (the default), {@code rxjava}, {@code async} and {@code virtual} on Tomcat and Jersey, each with its own base
 * resource and base service and thin per-entity resource subclasses (a resource makes its service); {@code webflux}
 * on Spring WebFlux and Reactor Netty (controllers instead of resources); and {@code vertx} on Vert.x Web (a router
 * instead of either). This package holds what several variants share: the CRUD rules over a blocking store ({@code StoreCrud}) and over a non-blocking one ({@code ReactiveCrud}), and the named threads and pools they run blocking work and answers on.
 *
 * <p>A variant may import the domain, the storage ports in {@code persistence} (never a backend: Spring hands it
 * the active backend's stores), the web layer (its own server's sub-package included), the deployment and this package; never
 * start-up, which composes it ({@code ArchitectureTests}). Variants do not import each other, except {@code virtual},
 * which runs {@code plain}'s code; nothing else imports a variant but start-up.
 */
package dev.shapeslab.execution;
