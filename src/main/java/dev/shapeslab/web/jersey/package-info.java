/**
 * Jersey's adapter to the web layer's core, a translation and nothing more: problem mappers, body guards, a page's
 * and a create's response, Jersey's background scheduler, and the OpenAPI document (which the other servers serve
 * too, built from the same resource classes). Used by the Jersey variants on Tomcat and Jetty; registered in
 * {@code startup.JerseyConfig}.
 */
package dev.shapeslab.web.jersey;
