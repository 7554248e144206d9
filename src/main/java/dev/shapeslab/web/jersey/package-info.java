/** Jersey's adapter to the web layer's core, and the OpenAPI document; registered in {@code startup.JerseyConfig}. */
package dev.shapeslab.web.jersey;
