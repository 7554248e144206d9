package dev.shapeslab.domain;

import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.EmbeddedContextTests;
import jakarta.validation.ValidatorFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.testng.annotations.Test;

/** Request bodies are validated whole, without asking JPA which of their properties are loaded. */
public class ValidationTests extends EmbeddedContextTests {

    @Autowired
    private ValidatorFactory validatorFactory;

    @Test
    public void theValidatorDoesNotAskJpaWhetherAPropertyIsLoaded() {
        String resolver = validatorFactory.getTraversableResolver().getClass().getName();

        assertFalse(resolver.contains("JPA"), resolver);
        assertTrue(validatorFactory.getTraversableResolver().isReachable(null, null, Drawing.class, null, null));
    }
}
