/**
 * The HTTP contract as every variant serves it: paths, paging, a create's answer, problem+json for every error
 * (the domain's exceptions mapped to statuses), the guards on bodies and the OpenAPI document, and what Tomcat and
 * Jersey need around them. Sub-package {@code jetty} does the same around Jersey on Jetty (profile {@code jetty});
 * {@code flux} and {@code vertx} keep the same promises on WebFlux and Vert.x Web, with this package's problem body.
 * Sub-package {@code admission} is admission control on every server.
 *
 * <p>It may import the domain, to map its exceptions and describe its entities, and no other package of the app:
 * not an execution variant, a backend or start-up, so that one web layer serves every variant over every backend
 * ({@code ArchitectureTests}). Variants import it, never the other way round, and start-up joins the two. This
 * package does not import its sub-packages; {@code admission} imports this package and no server's; each server's
 * package ({@code jetty}, {@code flux}, {@code vertx}) may import {@code admission}, never another server's.
 *
 * <p>Admission control, one place's life and the event that gives it back on each server: {@code web.admission}.
 */
package dev.shapeslab.web;
