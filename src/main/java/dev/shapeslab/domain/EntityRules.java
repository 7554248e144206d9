package dev.shapeslab.domain;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import java.time.Clock;
import java.util.Comparator;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/**
 * The checks every execution variant applies before it hands an entity to a store, so that a rejected
 * request never reaches the database and a violation is a 400 naming the field, never a constraint error.
 */
@Component
public class EntityRules {

    private final Validator validator;
    private final Clock clock;

    public EntityRules(Validator validator, Clock clock) {
        this.validator = validator;
        this.clock = clock;
    }

    /** Checks a new entity and sets its server-owned fields; the id must be absent (the server assigns it). */
    public <T extends Identifiable<T>> T admitForCreation(T entity) {
        requireBody(entity);
        if (entity.getId() != null) {
            throw new InvalidEntityException("id: must not be given on creation; the server assigns ids");
        }
        validate(entity);
        entity.initialiseForCreation(clock.instant());
        return entity;
    }

    /** Checks a replacement for entity {@code id}; a body id, if given, must be that id. */
    public <T extends Identifiable<T>> T admitForUpdate(long id, T entity) {
        requireBody(entity);
        if (entity.getId() != null && entity.getId() != id) {
            throw new InvalidEntityException(
                    "id: " + entity.getId() + " in the body does not match " + id + " in the path");
        }
        validate(entity);
        return entity;
    }

    private static void requireBody(Object entity) {
        if (entity == null) {
            throw new InvalidEntityException("a JSON request body is required");
        }
    }

    private void validate(Object entity) {
        Set<ConstraintViolation<Object>> violations = validator.validate(entity);
        if (!violations.isEmpty()) {
            throw new InvalidEntityException(violations.stream()
                    .map(violation -> violation.getPropertyPath() + ": " + violation.getMessage())
                    .sorted(Comparator.naturalOrder())
                    .collect(Collectors.joining("; ")));
        }
    }
}
