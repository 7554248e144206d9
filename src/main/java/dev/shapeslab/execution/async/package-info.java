/**
 * Variant {@code async}: resources take {@code @Suspended AsyncResponse} and return at once; the pipeline runs its
 * blocking store calls on a bounded, named pool, which resumes the response; over {@code r2dbc} it subscribes to the
 * store's publishers instead, and no thread is held while a query is in flight.
 */
package dev.shapeslab.execution.async;
