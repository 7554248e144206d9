/**
 * Jersey's adapter to the web layer's core, a translation and nothing more, and the OpenAPI document (which the
 * other servers serve too); registered in {@code startup.JerseyConfig}.
 */
package dev.shapeslab.web.jersey;
