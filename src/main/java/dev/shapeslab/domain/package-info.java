/**
 * What the service is about, whatever serves or stores it: the entities, the rules a valid one obeys, and the
 * exceptions by which any layer says how a call on an entity ended. It imports no other package of the app
 * ({@code ArchitectureTests}); its library imports only describe an entity where it is declared: JPA mappings, Bean
 * Validation, Jackson's annotations (never databind), and Spring only to wire the validator.
 */
package dev.shapeslab.domain;
