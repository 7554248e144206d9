/**
 * Variant {@code rxjava} over the non-blocking store port ({@code r2dbc}): at run time it is {@code async} over the
 * same store without its timeout, so these resources are {@code async}'s ({@code AsyncCrudResource} over
 * {@code ReactiveAsyncCrudService}), answered by {@code AsyncResponder.untimed()}.
 *
 * <p>Threading contract: a Tomcat request thread parses the request, starts the store call and returns to the pool;
 * no thread is held while the query is in flight; a {@code response-*} thread resumes the response. The request is
 * bounded by its store call's deadline; a client that goes away, when the container tells, cancels the store call.
 */
package dev.shapeslab.execution.rxjava.reactive;
