/**
 * Variant {@code async} over the non-blocking store port (backend {@code r2dbc}): the same resources and responder as
 * {@code async} ({@link dev.shapeslab.execution.async.AsyncCrudResource},
 * {@link dev.shapeslab.execution.async.AsyncResponder}), with a service that subscribes to the store's publishers
 * instead of running blocking calls on a pool. No thread is held while a query is in flight.
 */
package dev.shapeslab.execution.async.reactive;
