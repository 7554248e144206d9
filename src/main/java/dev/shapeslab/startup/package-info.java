/**
 * Where the active variant, backend and web layer are joined and checked. It may import any package of the app, and
 * nothing imports it ({@code ArchitectureTests}).
 */
package dev.shapeslab.startup;
