/**
 * One sub-package per execution variant, each with its own base resource and base service and thin
 * per-entity subclasses, chosen by Spring profile: {@code plain} (the default), {@code rxjava}, {@code async}
 * and {@code virtual}. All of them build on the same domain rules and storage port.
 */
package dev.shapeslab.execution;
