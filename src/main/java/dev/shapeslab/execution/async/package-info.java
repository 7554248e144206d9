/**
 * Variant {@code async}: resources take {@code @Suspended AsyncResponse} and return at once; the RxJava
 * pipeline runs its blocking store calls on a bounded, named pool sized to the connection pool, which
 * resumes the response. Timeouts, a full pool and departed clients are answered or cleaned up explicitly. Over the
 * non-blocking store port (backend {@code r2dbc}) the same resources and responder serve
 * {@link dev.shapeslab.execution.async.ReactiveAsyncCrudService}, which subscribes to the store's publishers instead:
 * no thread is held while a query is in flight.
 */
package dev.shapeslab.execution.async;
