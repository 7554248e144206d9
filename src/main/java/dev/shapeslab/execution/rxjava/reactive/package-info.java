/**
 * Variant {@code rxjava} over the non-blocking store port (backend {@code r2dbc}): the RxJava 2 service of part 3
 * adapted from the store's publishers, and resources that answer through {@code @Suspended AsyncResponse} from the
 * pipeline's result, so that the request thread no longer waits for it.
 */
package dev.shapeslab.execution.rxjava.reactive;
