package dev.shapeslab.persistence.jpa.failure;

/** The rest of a store call, as one step of the {@link StoreCallChain} sees it: the steps inside it, then the store. */
@FunctionalInterface
interface StoreCall {

    /** Runs the rest of the call. <b>Errors:</b> whatever the steps inside and the store throw, unchanged. */
    Object proceed() throws Throwable;
}
