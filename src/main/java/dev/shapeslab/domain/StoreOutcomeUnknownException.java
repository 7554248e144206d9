package dev.shapeslab.domain;

/**
 * The store lost the database while committing a write: the commit may have been applied or not, and
 * nobody can tell until the database answers again. Unlike {@link StoreUnavailableException}, this is not a
 * refusal: a client that retries without reading back may store the write twice.
 */
public class StoreOutcomeUnknownException extends RuntimeException {

    public StoreOutcomeUnknownException(Throwable cause) {
        super("the outcome of a commit is unknown: the database stopped answering", cause);
    }
}
