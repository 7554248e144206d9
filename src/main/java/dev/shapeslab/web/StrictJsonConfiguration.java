package dev.shapeslab.web;

import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import org.springframework.boot.jackson2.autoconfigure.Jackson2ObjectMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Strict JSON input beyond the {@code spring.jackson2.*} properties: Jackson turns a number or boolean into text for a
 * string property ({@code "colour": 5} was stored as {@code "5"}); failing that coercion makes it a 400 naming the field.
 */
@Configuration(proxyBeanMethods = false)
public class StrictJsonConfiguration {

    /** Boot 4 deprecates its Jackson 2 support, but Jersey's JSON provider here is Jackson 2. */
    @Bean
    @SuppressWarnings("removal")
    Jackson2ObjectMapperBuilderCustomizer stringsOnlyFromJsonStrings() {
        return builder -> builder.postConfigurer(mapper -> mapper.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail));
    }
}
