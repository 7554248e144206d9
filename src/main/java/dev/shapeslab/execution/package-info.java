/**
 * One sub-package per execution variant, each with its own base resource and base service and thin
 * per-entity resource subclasses (a resource makes its service), chosen by Spring profile ({@link Variants}):
 * {@code plain} (the default), {@code rxjava}, {@code async} and {@code virtual}. All of them build on the same
 * domain rules and storage port.
 */
package dev.shapeslab.execution;
