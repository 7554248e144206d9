package dev.shapeslab.domain;

/** The id names no entity of the requested type. */
public class NoSuchEntityException extends RuntimeException {

    public NoSuchEntityException(String entityName, long id) {
        super("No " + entityName + " with id " + id);
    }
}
