/**
 * The servlet variants on Jetty 12.1 (ee11) instead of Tomcat, under the profile {@code jetty}: the server factory
 * ({@code JettyWeb}), admission as a Jetty handler ({@code web.admission.JettyAdmission}), problem+json for Jetty's own
 * errors and empty error responses, and unread bodies read as Tomcat does ({@code UnreadBodies}). Jersey is unchanged.
 */
package dev.shapeslab.web.jetty;
