package dev.shapeslab.domain;

import jakarta.validation.Path;
import jakarta.validation.TraversableResolver;
import java.lang.annotation.ElementType;
import org.springframework.boot.validation.autoconfigure.ValidationConfigurationCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * How {@link EntityRules} validates: without asking JPA whether each property is loaded, which a request body never
 * needs and which cost a share of every drawing's validation (docs/performance.md).
 */
@Configuration(proxyBeanMethods = false)
class Validation {

    @Bean
    ValidationConfigurationCustomizer everyPropertyOfARequestBodyIsLoaded() {
        return configuration -> configuration.traversableResolver(new TraversableResolver() {
            @Override
            public boolean isReachable(Object traversableObject, Path.Node traversableProperty, Class<?> rootBeanType,
                                       Path pathToTraversableObject, ElementType elementType) {
                return true;
            }

            @Override
            public boolean isCascadable(Object traversableObject, Path.Node traversableProperty, Class<?> rootBeanType,
                                        Path pathToTraversableObject, ElementType elementType) {
                return true;
            }
        });
    }
}
