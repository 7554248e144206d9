package dev.shapeslab.execution.async;

/**
 * What a request's blocking work passes before it starts, so that a request already answered (503 at its
 * timeout) never runs, and so never writes, however late its turn on the pool comes.
 */
@FunctionalInterface
public interface WorkGate {

    /** For work that no response waits on (tests, maintenance): always open. */
    WorkGate OPEN = () -> true;

    /**
     * Called once, on the pool thread, just before the work starts. {@code false}: the request was answered meanwhile
     * and the work must not run; {@code true}: only the work's own result answers it from now on.
     */
    boolean enter();
}
