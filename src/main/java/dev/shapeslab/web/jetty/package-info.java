/**
 * The servlet variants on Jetty 12.1 (ee11) instead of Tomcat, under the profile {@code jetty}: the web server factory
 * ({@code JettyWeb}), admission control as a Jetty handler around the servlet context over the shared
 * {@code web.admission.AdmissionQueue} ({@code web.admission.JettyAdmission}, wired here), and problem+json for Jetty's
 * own errors and for error responses left empty ({@code ProblemErrorHandler}, {@code EmptyErrorBodies}), and the rest
 * of a body nobody read read before the request completes, as Tomcat does ({@code UnreadBodies}). Jersey and
 * everything behind it are unchanged.
 */
package dev.shapeslab.web.jetty;
