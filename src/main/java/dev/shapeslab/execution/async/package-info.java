/**
 * Variant {@code async}: resources take {@code @Suspended AsyncResponse} and return at once; the RxJava
 * pipeline runs its blocking store calls on a bounded, named pool sized to the connection pool, which
 * resumes the response. Timeouts, a full pool and departed clients are answered or cleaned up explicitly.
 */
package dev.shapeslab.execution.async;
