package dev.shapeslab.execution.virtual;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The backend profiles a virtual-thread test runs with, beside "virtual" itself. */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@interface VirtualBackend {
    String[] value() default {};
}
