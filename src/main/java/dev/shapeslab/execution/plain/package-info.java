/**
 * Variant {@code plain} (the default): blocking resources over the shared {@code StoreCrud}; a Tomcat request thread does all the
 * work of a request. Also the code that variant {@code virtual} runs.
 */
package dev.shapeslab.execution.plain;
