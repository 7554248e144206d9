/**
 * Variant {@code rxjava} over {@code r2dbc}: {@code async}'s resources over {@code ReactiveAsyncCrudService}, without
 * the timeout ({@code AsyncResponder.untimed()}), bounded by the store call's deadline.
 *
 * <p>Threading contract: a Tomcat request thread starts the store call and returns to the pool; no thread is held
 * while the query is in flight; a {@code response-*} thread resumes the response.
 */
package dev.shapeslab.execution.rxjava.reactive;
