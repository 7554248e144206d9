/**
 * Variant {@code rxjava}: services return RxJava 2 types ({@code Single}, {@code Maybe}, {@code Completable});
 * resources subscribe and wait on the Tomcat request thread, which still does all the work.
 */
package dev.shapeslab.execution.rxjava;
