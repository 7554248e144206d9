package dev.shapeslab;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.MergedContextConfiguration;

/**
 * Gives every Spring context of the tests an embedded in-memory H2 database of its own
 * ({@code shapes.embedded.database}), which Flyway migrates when the context starts. Without it, the
 * contexts the test framework caches would share the app's {@code jdbc:h2:mem:shapes} (it lives as long as
 * the JVM) and see each other's rows. Registered in {@code META-INF/spring.factories} of the tests.
 */
public class FreshEmbeddedDatabase implements ContextCustomizerFactory {

    private static final AtomicInteger NEXT = new AtomicInteger(1);

    @Override
    public ContextCustomizer createContextCustomizer(Class<?> testClass,
            List<ContextConfigurationAttributes> configAttributes) {
        return new Customizer();
    }

    /** All equal, so that they leave the context cache's keys alone. */
    private static final class Customizer implements ContextCustomizer {

        @Override
        public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration config) {
            context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("freshEmbeddedDatabase",
                    Map.of("shapes.embedded.database", "shapes-test-" + NEXT.getAndIncrement())));
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Customizer;
        }

        @Override
        public int hashCode() {
            return Customizer.class.hashCode();
        }
    }
}
