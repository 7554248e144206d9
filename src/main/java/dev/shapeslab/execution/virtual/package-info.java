/**
 * Variant {@code virtual}: the {@code plain} code, with Tomcat's request handling on virtual threads. Needs a
 * JDK 21+ at run time; the build stays at release 17.
 */
package dev.shapeslab.execution.virtual;
