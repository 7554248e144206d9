package dev.shapeslab.domain;

/**
 * The store lost the database while committing a write, which may or may not have been applied. Not a refusal: a
 * client that retries without reading back may store it twice.
 */
public class StoreOutcomeUnknownException extends RuntimeException {

    public StoreOutcomeUnknownException(Throwable cause) {
        super("the outcome of a commit is unknown: the database stopped answering", cause);
    }
}
