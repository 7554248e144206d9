package dev.shapeslab.web;

/** A window of a list: skip {@code offset} entities, return at most {@code limit}. */
public record PageRequest(int offset, int limit) {
}
