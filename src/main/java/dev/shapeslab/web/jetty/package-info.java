/**
 * The servlet variants on Jetty 12.1 (ee11), profile {@code jetty}: Jersey unchanged, with Jetty's own adapters.
 */
package dev.shapeslab.web.jetty;
