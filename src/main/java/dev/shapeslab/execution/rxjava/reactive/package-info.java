/**
 * Variant {@code rxjava} over the non-blocking store port (backend {@code r2dbc}): the RxJava 2 service of part 3
 * adapted from the store's publishers, and resources that answer through {@code @Suspended AsyncResponse} from the
 * pipeline's result, so that the request thread no longer waits for it. At run time that is {@code async} over the
 * same store without its timeout, so these resources are {@code async}'s ({@code AsyncCrudResource} over
 * {@code ReactiveAsyncCrudService}), answered by {@code AsyncResponder.untimed()}.
 *
 * <p>Threading contract: a Tomcat request thread parses the request, applies the domain rules, starts the store call
 * and returns to the pool. While the query is in flight no thread is held. A {@code response-*} thread takes the
 * result, resumes the response (errors go to the same problem+json mappers) and Tomcat writes it. The request is
 * bounded by its store call's deadline ({@code shapes.database.request-timeout}); a client that goes away, when the
 * container reports it, disposes the pipeline, which cancels the store call.
 */
package dev.shapeslab.execution.rxjava.reactive;
