/**
 * What the service is about, whatever serves or stores it: the entities, their rules, and the exceptions by which any
 * layer says how a call ended. It imports no other package of the app; its libraries only describe an entity.
 */
package dev.shapeslab.domain;
