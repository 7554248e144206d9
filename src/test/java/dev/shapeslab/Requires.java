package dev.shapeslab;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What a test class needs of the machine it runs on (a JDK with virtual threads, a PostgreSQL server).
 * {@link Prerequisites} checks it before the class's first configuration method, so that a class that cannot
 * run is skipped without loading its Spring context.
 */
@Documented
@Inherited
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
public @interface Requires {

    Class<? extends Prerequisite>[] value();
}
