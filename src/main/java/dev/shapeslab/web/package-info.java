/**
 * The HTTP contract as every server serves it, in no server's types: paths, paging, problem+json for every error
 * ({@code ProblemCatalogue} holds every problem's words once), the rules on request bodies and their settings.
 * Sub-packages: {@code jersey} (Jersey's adapter and the OpenAPI document), {@code jetty} (profile {@code jetty}),
 * {@code flux} and {@code vertx} (the same promises on WebFlux and Vert.x Web), and {@code admission}.
 *
 * <p>It imports the domain and no other package of the app, nor any server's API, so that one web layer serves every
 * variant over every backend; {@code admission} imports it and no server's package; each server's package may import
 * {@code admission}, never another server's ({@code ArchitectureTests}).
 */
package dev.shapeslab.web;
