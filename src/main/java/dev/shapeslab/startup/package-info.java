/**
 * Where the active variant, the active backend and the web layer are joined into one application, and checked
 * before they run. It owns only what needs several of them at once: the Jersey application (a variant's resources
 * with the web layer's providers), the OpenAPI document's route where Jersey does not run, and the report of what is being measured.
 *
 * <p>It is the root of the dependencies: it may import any package of the app, a backend included (the one place
 * outside persistence that may), and nothing imports it ({@code ArchitectureTests}). Behaviour belongs to the
 * layer it is about; what comes here should only join or check.
 */
package dev.shapeslab.startup;
