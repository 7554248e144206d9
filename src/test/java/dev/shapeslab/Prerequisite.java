package dev.shapeslab;

import java.util.Optional;

/** Something a test class {@link Requires}; implementations need a public no-argument constructor. */
public interface Prerequisite {

    /** Why the tests cannot run here, with what to do about it; empty when they can. */
    Optional<String> missing();

    /**
     * The system property that, set to {@code true}, fails the tests when the prerequisite is missing instead of
     * skipping them: CI sets it where it provides the prerequisite, so that a broken set-up cannot pass silently.
     */
    String requiredProperty();
}
