package dev.shapeslab.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * What the contract suite needs to know about one entity type: its path, deterministic valid bodies
 * (body {@code i} differs from body {@code j}) and bodies that must be refused, each with the field the
 * error must name.
 */
abstract class EntityFixture {

    static final ObjectMapper JSON = new ObjectMapper();

    record InvalidBody(String description, String json, String field) {
        @Override
        public String toString() {
            return description;
        }
    }

    abstract String path();

    /** A valid creation body, distinct for every {@code i}. */
    abstract String body(int i);

    abstract List<InvalidBody> invalidBodies();

    /** The client-writable content of an entity: the JSON minus what the server sets. */
    JsonNode content(String json) {
        try {
            return content(JSON.readTree(json));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    JsonNode content(JsonNode node) {
        ObjectNode copy = node.deepCopy();
        copy.remove(List.of("id", "shapeType", "creationDate"));
        return copy;
    }

    static String position(int i) {
        return "{\"x\":" + (i + 0.5) + ",\"y\":" + (-i - 0.25) + "}";
    }

    @Override
    public String toString() {
        return path();
    }
}
