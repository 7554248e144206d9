/**
 * Jersey's adapter to the web layer's core, a translation and nothing more: every failure answered with the core's
 * {@code ProblemCatalogue} entry ({@code ProblemMappers}: what the core knows, and Jersey's own refusals); the core's
 * body rules applied to what Jersey reads and writes ({@code RequestBodyGuard},
 * {@code ResponseBodyGuard}); a page ({@code Pages}) and a create ({@code Created}) as JAX-RS responses; Jersey's
 * background scheduler ({@code BackgroundTimeouts}); and the OpenAPI document, which swagger-core reads from the
 * JAX-RS resources ({@code OpenApiDocument}, {@code EntitySchemas}; the other servers serve the same document,
 * built by start-up from the same resource classes). Used by the Jersey variants (plain, rxjava, async, virtual),
 * on Tomcat and on Jetty; registered in {@code startup.JerseyConfig}.
 */
package dev.shapeslab.web.jersey;
