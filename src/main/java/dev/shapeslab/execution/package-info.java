/**
 * The execution models, one sub-package per variant: {@code plain}, {@code rxjava}, {@code async} and {@code virtual}
 * on Jersey, {@code webflux} and {@code vertx}; here, what several share. A variant may import the domain, the storage
 * ports, the web layer, the deployment and this package, never a backend, start-up or another variant
 * ({@code virtual} runs {@code plain}'s code) ({@code ArchitectureTests}).
 */
package dev.shapeslab.execution;
