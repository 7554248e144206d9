/**
 * The execution models, one sub-package per variant, chosen by the {@link dev.shapeslab.deployment.Deployment}'s
 * variant: {@code plain}, {@code rxjava}, {@code async} and {@code virtual} on Jersey (a base resource, a base service,
 * thin per-entity resources), {@code webflux} (controllers) and {@code vertx} (a router). This package holds what
 * several share: the CRUD rules over a blocking store ({@code StoreCrud}) and a non-blocking one
 * ({@code ReactiveCrud}), and the named threads and pools they run on.
 *
 * <p>A variant may import the domain, the storage ports (never a backend), the web layer, the deployment and this
 * package; never start-up, which composes it, nor another variant, except {@code virtual}, which runs {@code plain}'s
 * code ({@code ArchitectureTests}).
 */
package dev.shapeslab.execution;
