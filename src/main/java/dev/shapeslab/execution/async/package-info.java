/**
 * Variant {@code async}: resources take {@code @Suspended AsyncResponse} and return at once; a bounded, named pool
 * runs the blocking store calls and resumes the response (over {@code r2dbc}, no thread waits for a query).
 */
package dev.shapeslab.execution.async;
