/** Variant {@code virtual}: the {@code plain} code on virtual threads; a JDK 21+ at run time, release 17 to build. */
package dev.shapeslab.execution.virtual;
