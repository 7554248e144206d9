package dev.shapeslab.web;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.util.Collection;
import java.util.List;

/**
 * Turns a Jackson failure into a sentence for the client: where in the body (a JSON path such as
 * {@code shapes[2].radius}) and what is wrong, in JSON's terms rather than Java's.
 */
public final class JsonProblems {

    private JsonProblems() {
    }

    public static String describe(JsonProcessingException failure) {
        if (failure instanceof UnrecognizedPropertyException unknown) {
            return at(unknown, "unknown property (unknown properties are rejected)");
        }
        if (failure instanceof InvalidTypeIdException typeId) {
            String id = typeId.getTypeId();
            String expected = "expected \"circle\" or \"rectangle\"";
            return id == null
                    ? at(typeId, "shapeType is missing; " + expected)
                    : at(typeId, "unknown shapeType \"" + id + "\"; " + expected);
        }
        if (failure instanceof MismatchedInputException mismatch) {
            return at(mismatch, "must be " + jsonTypeOf(mismatch.getTargetType()));
        }
        if (failure instanceof JsonMappingException mapping) {
            if (mapping.getCause() instanceof InputCoercionException) {
                return at(mapping, "number out of range");
            }
            return at(mapping, "invalid value");
        }
        if (failure instanceof InputCoercionException) {
            return "number out of range" + location(failure.getLocation());
        }
        return "malformed JSON" + location(failure.getLocation());
    }

    private static String at(JsonMappingException failure, String problem) {
        String path = path(failure.getPath());
        return path.isEmpty() ? "request body: " + problem : path + ": " + problem;
    }

    static String path(List<JsonMappingException.Reference> references) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference reference : references) {
            if (reference.getFieldName() != null) {
                if (!path.isEmpty()) {
                    path.append('.');
                }
                path.append(reference.getFieldName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    private static String jsonTypeOf(Class<?> type) {
        if (type == null) {
            return "of another JSON type";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "an integer";
        }
        if (Number.class.isAssignableFrom(type) || type == double.class) {
            return "a number";
        }
        if (type == String.class) {
            return "a string";
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "an array";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        return type.isPrimitive() ? "of another JSON type" : "an object";
    }

    private static String location(JsonLocation location) {
        if (location == null || location.getLineNr() < 0) {
            return "";
        }
        return " at line " + location.getLineNr() + ", column " + location.getColumnNr();
    }
}
