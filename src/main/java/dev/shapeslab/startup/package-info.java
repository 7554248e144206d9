/**
 * Where the active variant, backend and web layer are joined into one application: the Jersey application, the
 * OpenAPI document's route where Jersey does not run, and the report of what is measured. It may import any package
 * of the app, a backend included, and nothing imports it ({@code ArchitectureTests}); it only joins or checks.
 */
package dev.shapeslab.startup;
