/**
 * What the service is about, whatever serves or stores it: the entities (shapes, drawings, positions), the rules a
 * valid one obeys, and the exceptions by which any layer says how a call on an entity ended (invalid, not found,
 * the store unavailable, the outcome unknown). Each layer turns those into its own terms; the domain knows none of
 * them.
 *
 * <p>It imports no other package of the app, and every other package may import it ({@code ArchitectureTests}).
 * Its library imports describe an entity where it is declared, and go no further: JPA's mapping annotations (the
 * jpa backend's tables), Bean Validation's constraints, Jackson's annotations only (type names and read-only
 * fields, never databind), and Spring only to wire the validator.
 */
package dev.shapeslab.domain;
