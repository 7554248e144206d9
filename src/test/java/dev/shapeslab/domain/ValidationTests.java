package dev.shapeslab.domain;

import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;

import jakarta.validation.ValidatorFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.testng.AbstractTestNGSpringContextTests;
import org.testng.annotations.Test;

/** Request bodies are validated whole, without asking JPA which of their properties are loaded. */
@SpringBootTest
public class ValidationTests extends AbstractTestNGSpringContextTests {

    @Autowired
    private ValidatorFactory validatorFactory;

    @Test
    public void theValidatorDoesNotAskJpaWhetherAPropertyIsLoaded() {
        String resolver = validatorFactory.getTraversableResolver().getClass().getName();

        assertFalse(resolver.contains("JPA"), resolver);
        assertTrue(validatorFactory.getTraversableResolver().isReachable(null, null, Drawing.class, null, null));
    }
}
