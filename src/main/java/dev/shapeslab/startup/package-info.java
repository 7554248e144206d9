/** Where the variant, backend and web layer are joined and checked; nothing imports it ({@code ArchitectureTests}). */
package dev.shapeslab.startup;
