package dev.shapeslab.domain;

/**
 * A request body the service refuses. The message names the offending field and is meant for the client:
 * it never carries class names or raw parser output.
 */
public class InvalidEntityException extends RuntimeException {

    public InvalidEntityException(String message) {
        super(message);
    }
}
