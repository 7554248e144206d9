/**
 * The HTTP contract as every server serves it, in no server's types: paths, paging, problem+json for every error
 * ({@code Problem}; {@code ProblemCatalogue}, every problem the service answers, its words written once, and which
 * failure each answers; {@code ProblemException}, a plain exception that every server's adapter answers the same
 * way), the rules on request bodies, their settings ({@code PagingSettings}, {@code RequestSettings}), and Tomcat's
 * set-up. Sub-package {@code jersey} is
 * Jersey's adapter (the exception mappers, the body guards, a page's and a create's answer, the OpenAPI document);
 * {@code jetty} runs it on Jetty (profile {@code jetty}); {@code flux} and {@code vertx} keep the same promises on
 * WebFlux and Vert.x Web, with this package's problem body and exception. Sub-package {@code admission} is admission
 * control on every server.
 *
 * <p>It may import the domain, to map its exceptions, and no other package of the app: not an execution variant, a
 * backend or start-up, so that one web layer serves every variant over every backend ({@code ArchitectureTests}).
 * Nor does it import a server's API (JAX-RS, Reactor, Vert.x, WebFlux), so that what WebFlux and Vert.x throw and
 * answer is not Jersey's. Variants import it, never the other way round, and start-up joins the two. This package
 * does not import its sub-packages; {@code admission} imports this package and no server's; each server's package
 * ({@code jersey}, {@code jetty}, {@code flux}, {@code vertx}) may import {@code admission}, never another server's.
 *
 * <p>Admission control, one place's life and the event that gives it back on each server: {@code web.admission}.
 */
package dev.shapeslab.web;
