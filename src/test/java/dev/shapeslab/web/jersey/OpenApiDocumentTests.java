package dev.shapeslab.web.jersey;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertNotEquals;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.fail;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shapeslab.domain.Circle;
import dev.shapeslab.domain.Drawing;
import dev.shapeslab.domain.Finite;
import dev.shapeslab.domain.PlainText;
import dev.shapeslab.domain.Position;
import dev.shapeslab.domain.Rectangle;

import dev.shapeslab.execution.HttpTestSupport;
import dev.shapeslab.execution.async.AsyncCircleResource;
import dev.shapeslab.execution.async.AsyncDrawingResource;
import dev.shapeslab.execution.async.AsyncRectangleResource;
import dev.shapeslab.execution.plain.PlainCircleResource;
import dev.shapeslab.execution.plain.PlainDrawingResource;
import dev.shapeslab.execution.plain.PlainRectangleResource;
import dev.shapeslab.execution.rxjava.RxCircleResource;
import dev.shapeslab.execution.rxjava.RxDrawingResource;
import dev.shapeslab.execution.rxjava.RxRectangleResource;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.links.Link;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import jakarta.validation.Validator;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import jakarta.validation.metadata.ConstraintDescriptor;
import jakarta.validation.metadata.PropertyDescriptor;
import java.lang.annotation.Annotation;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.ActiveProfiles;
import org.testng.annotations.Test;

/**
 * The OpenAPI document is served, valid, complete (three entities, problem+json, every operation) and the
 * same whichever variant serves it, and its schemas are exact: every Bean Validation constraint of the domain
 * is there, the text pattern admits exactly what {@code PlainText} and {@code @NotBlank} admit, shapes are
 * told apart by {@code shapeType}, server-owned fields are read-only, and creates link their id onwards. That
 * everything it documents is exercised is checked by the contract suite itself
 * ({@code CrudContractTests.everyDocumentedOperationAndStatusIsExercised}); that the service accepts exactly
 * what it calls valid, by schemathesis in CI ({@code .ci/schemathesis}).
 */
@ActiveProfiles({"plain", "stub"})
public class OpenApiDocumentTests extends HttpTestSupport {

    @Autowired
    private Validator validator;

    @Autowired
    private ObjectMapper json;

    @Test
    public void theServedDocumentIsValidOpenApi3() {
        HttpResponse<String> served = get("/openapi.json");
        assertEquals(served.statusCode(), 200);
        assertEquals(served.headers().firstValue("Content-Type").orElse(""), "application/json");

        SwaggerParseResult parsed = new OpenAPIV3Parser().readContents(served.body(), null, null);
        assertTrue(parsed.getMessages() == null || parsed.getMessages().isEmpty(), "invalid: " + parsed.getMessages());
        OpenAPI api = parsed.getOpenAPI();
        assertEquals(api.getPaths().keySet(), Set.of("/circles", "/circles/{id}", "/rectangles", "/rectangles/{id}",
                "/drawings", "/drawings/{id}"));
        assertTrue(api.getComponents().getSchemas().keySet().containsAll(
                Set.of("Circle", "Rectangle", "Drawing", "Problem")), api.getComponents().getSchemas().keySet().toString());
        api.getPaths().forEach((path, item) -> item.readOperations().forEach(operation -> {
            assertTrue(operation.getResponses().containsKey("503"), path + " " + operation.getOperationId());
            assertTrue(operation.getResponses().get("503").getHeaders().containsKey("Retry-After"));
        }));
        assertEquals(api.getPaths().get("/circles").getPost().getResponses().get("201").getHeaders().keySet(),
                Set.of("Location"));
    }

    @Test
    public void shapesInADrawingAreACircleOrARectangleByShapeType() {
        Map<String, Schema> schemas = served().getComponents().getSchemas();
        Schema<?> shape = property(schemas, "Drawing", "shapes").getItems();

        assertEquals(shape.getOneOf().stream().map(Schema::get$ref).toList(),
                List.of("#/components/schemas/Circle", "#/components/schemas/Rectangle"));
        assertEquals(shape.getRequired(), List.of("shapeType"));
        assertEquals(shape.getDiscriminator().getPropertyName(), "shapeType");
        assertEquals(shape.getDiscriminator().getMapping(), Map.of(
                "circle", "#/components/schemas/Circle", ".Circle", "#/components/schemas/Circle",
                "rectangle", "#/components/schemas/Rectangle", ".Rectangle", "#/components/schemas/Rectangle"));
        // canonical name last: schemathesis sends the last name mapped to a schema
        assertEquals(List.copyOf(shape.getDiscriminator().getMapping().keySet()),
                List.of(".Circle", "circle", ".Rectangle", "rectangle"));
        assertEquals(property(schemas, "Circle", "shapeType").getEnum(), List.of(".Circle", "circle"));
        assertEquals(property(schemas, "Rectangle", "shapeType").getEnum(), List.of(".Rectangle", "rectangle"));
        assertFalse(schemas.get("Circle").getRequired().contains("shapeType"), "optional at /circles");
    }

    @Test
    public void serverOwnedFieldsAreReadOnlyAndBodiesRequired() {
        OpenAPI api = served();
        Map<String, Schema> schemas = api.getComponents().getSchemas();
        for (String entity : List.of("Circle", "Rectangle", "Drawing")) {
            Schema<?> id = property(schemas, entity, "id");
            assertEquals(id.getReadOnly(), Boolean.TRUE, entity);
            assertEquals(id.getFormat(), "int64", entity);
            assertTrue(schemas.get(entity).getRequired().contains("id"), "in every answer: " + entity);
        }
        assertEquals(property(schemas, "Drawing", "creationDate").getReadOnly(), Boolean.TRUE);
        api.getPaths().forEach((path, item) -> item.readOperations().forEach(operation -> {
            if (operation.getRequestBody() != null) {
                assertEquals(operation.getRequestBody().getRequired(), Boolean.TRUE, operation.getOperationId());
            }
        }));
    }

    /**
     * Every constraint Bean Validation checks on a request body has its schema keyword, with the same value;
     * every property Jackson writes is in the schema; unknown properties are refused.
     */
    @Test
    public void theSchemasCarryEveryConstraintOfTheDomain() throws Exception {
        Map<String, Schema> schemas = served().getComponents().getSchemas();
        Circle circle = new Circle("red", new Position(1, 2), 3);
        circle.setId(1L);
        Rectangle rectangle = new Rectangle("blue", new Position(1, 2), 3, 4);
        rectangle.setId(2L);
        Drawing drawing = Drawing.stored(3, "sketch", Instant.EPOCH, List.of(circle, rectangle));
        for (Object entity : List.of(circle, rectangle, drawing, circle.getPosition())) {
            Schema<?> schema = schemas.get(entity.getClass().getSimpleName());
            String name = entity.getClass().getSimpleName();
            assertEquals(schema.getAdditionalProperties(), Boolean.FALSE, name);
            Set<String> written = new TreeSet<>();
            json.valueToTree(entity).fieldNames().forEachRemaining(written::add);
            assertEquals(new TreeSet<>(schema.getProperties().keySet()), written, name);

            for (PropertyDescriptor property : validator.getConstraintsForClass(entity.getClass())
                    .getConstrainedProperties()) {
                String where = name + "." + property.getPropertyName();
                Schema<?> field = schema.getProperties().get(property.getPropertyName());
                for (ConstraintDescriptor<?> constraint : property.getConstraintDescriptors()) {
                    Annotation annotation = constraint.getAnnotation();
                    if (annotation instanceof NotNull || annotation instanceof NotBlank) {
                        // required, unless leaving it out gives a value (a drawing without shapes has none)
                        assertTrue(schema.getRequired().contains(property.getPropertyName())
                                || field.getDefault() != null, where + " required");
                        assertNotEquals(field.getNullable(), Boolean.TRUE, where);
                    }
                    if (annotation instanceof NotBlank || annotation instanceof PlainText) {
                        assertEquals(field.getPattern(), EntitySchemas.PLAIN_TEXT_NOT_BLANK, where);
                        assertEquals(field.getMinLength(), Integer.valueOf(1), where);
                    } else if (annotation instanceof Size size) {
                        assertEquals(field.getMaxLength() != null ? field.getMaxLength() : field.getMaxItems(),
                                Integer.valueOf(size.max()), where);
                        assertEquals(size.min(), 0, where);
                    } else if (annotation instanceof Min min) {
                        assertEquals(field.getMinimum().longValueExact(), min.value(), where);
                        assertEquals(field.getMaximum().longValueExact(), Integer.MAX_VALUE, where + " (an Integer)");
                    } else if (annotation instanceof Finite) {
                        assertEquals(field.getMaximum().doubleValue(), Double.MAX_VALUE, where);
                        assertEquals(field.getMinimum().doubleValue(), -Double.MAX_VALUE, where);
                    } else if (!(annotation instanceof NotNull)) {
                        fail(where + ": no schema keyword for " + annotation);
                    }
                }
            }
        }
        assertEquals(property(schemas, "Drawing", "shapes").getMaxItems(), Integer.valueOf(Drawing.MAX_SHAPES));
    }

    /**
     * The text pattern's two character classes against {@code PlainText} and {@code String.isBlank} on every
     * code point but the surrogates, which no portable pattern can name (see {@link EntitySchemas}).
     */
    @Test
    public void theTextPatternAdmitsExactlyWhatTheServiceAdmits() {
        Pattern text = Pattern.compile(EntitySchemas.TEXT_CHARACTER);
        Pattern visible = Pattern.compile(EntitySchemas.VISIBLE_CHARACTER);
        PlainText.Validator plainText = new PlainText.Validator();
        for (int codePoint = 0; codePoint <= Character.MAX_CODE_POINT; codePoint++) {
            if (Character.getType(codePoint) == Character.SURROGATE) {
                continue;
            }
            String one = Character.toString(codePoint);
            boolean admitted = plainText.isValid(one, null);
            assertEquals(text.matcher(one).matches(), admitted, "U+" + Integer.toHexString(codePoint));
            assertEquals(visible.matcher(one).matches(), admitted && !one.isBlank(), "U+" + Integer.toHexString(codePoint));
        }
        // matches(), not find(): Java's $, unlike ECMA 262's, also matches before a final line terminator.
        Pattern whole = Pattern.compile(EntitySchemas.PLAIN_TEXT_NOT_BLANK);
        for (String accepted : List.of("red", " red ", "\u00a0", "\u00e9 \u4e2d", "\ud83d\ude00")) {
            assertTrue(whole.matcher(accepted).matches(), accepted);
        }
        for (String refused : List.of("", " ", "\u3000 \u2028", "red\n", "a\tb", "\u0085")) {
            assertFalse(whole.matcher(refused).matches(), refused);
        }
    }

    @Test
    public void theLimitsOfTheListsAreThoseOfPaging() {
        List<Parameter> parameters = served().getPaths().get("/circles").getGet().getParameters();
        Schema<?> offset = parameters.get(0).getSchema();
        Schema<?> limit = parameters.get(1).getSchema();
        assertEquals(offset.getMinimum().intValueExact(), 0);
        assertEquals(offset.getMaximum().intValueExact(), Integer.MAX_VALUE);
        assertEquals(limit.getMinimum().intValueExact(), 1);
        assertEquals(limit.getMaximum().intValueExact(), 1000);
    }

    @Test
    public void aCreateLinksItsIdToTheOperationsOnThatEntity() {
        OpenAPI api = served();
        for (String entity : List.of("Circle", "Rectangle", "Drawing")) {
            String path = "/" + entity.toLowerCase() + "s";
            Map<String, Link> links = api.getPaths().get(path).getPost().getResponses().get("201").getLinks();
            PathItem item = api.getPaths().get(path + "/{id}");
            assertEquals(links.keySet(), Set.of(item.getGet().getOperationId(), item.getPut().getOperationId(),
                    item.getDelete().getOperationId()), entity);
            links.forEach((name, link) -> {
                assertEquals(link.getOperationId(), name);
                assertEquals(link.getParameters(), Map.of("id", "$response.body#/id"), name);
            });
        }
    }

    private static Schema<?> property(Map<String, Schema> schemas, String entity, String name) {
        return (Schema<?>) schemas.get(entity).getProperties().get(name);
    }

    private OpenAPI served() {
        SwaggerParseResult parsed = new OpenAPIV3Parser().readContents(get("/openapi.json").body(), null, null);
        return parsed.getOpenAPI();
    }

    @Test
    public void everyVariantServesTheSameDocument() {
        String plain = OpenApiDocument.json(OpenApiDocument.build(
                List.of(PlainCircleResource.class, PlainRectangleResource.class, PlainDrawingResource.class), 1000));
        String rxjava = OpenApiDocument.json(OpenApiDocument.build(
                List.of(RxCircleResource.class, RxRectangleResource.class, RxDrawingResource.class), 1000));
        String async = OpenApiDocument.json(OpenApiDocument.build(
                List.of(AsyncCircleResource.class, AsyncRectangleResource.class, AsyncDrawingResource.class), 1000));

        assertEquals(rxjava, plain);
        assertEquals(async, plain);
    }
}
