package dev.shapeslab.web;

import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.deser.DeserializationProblemHandler;
import com.fasterxml.jackson.databind.jsontype.TypeIdResolver;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.lang.reflect.Modifier;
import org.springframework.stereotype.Component;

/**
 * Lets {@code shapeType} be omitted where the type is already known ({@code POST /circles} needs no
 * {@code "shapeType": "circle"}) while an unknown or mismatched {@code shapeType} still fails. Jackson's
 * {@code USE_BASE_TYPE_AS_DEFAULT_IMPL} would also map unknown type ids to the base type, silently accepting
 * {@code "triangle"} at {@code /circles}. Spring Boot registers Jackson module beans with Jersey's mapper.
 */
@Component
public class ShapeTypeModule extends SimpleModule {

    public ShapeTypeModule() {
        super("shape-type");
    }

    @Override
    public void setupModule(SetupContext context) {
        super.setupModule(context);
        context.addDeserializationProblemHandler(new DeserializationProblemHandler() {
            @Override
            public JavaType handleMissingTypeId(DeserializationContext ctxt, JavaType baseType,
                                               TypeIdResolver idResolver, String failureMsg) {
                return Modifier.isAbstract(baseType.getRawClass().getModifiers()) ? null : baseType;
            }
        });
    }
}
