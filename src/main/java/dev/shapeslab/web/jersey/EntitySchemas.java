package dev.shapeslab.web.jersey;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.shapeslab.domain.Circle;
import dev.shapeslab.domain.Drawing;
import dev.shapeslab.domain.Rectangle;
import dev.shapeslab.domain.Shape;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.ComposedSchema;
import io.swagger.v3.oas.models.media.DateTimeSchema;
import io.swagger.v3.oas.models.media.Discriminator;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.NumberSchema;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The entity schemas of the OpenAPI document, written out so that a body is valid exactly when the service accepts it
 * (swagger-core reads none of the custom constraints; OpenApiDocumentTests holds them to the domain). Server-owned
 * fields are {@code readOnly}, what tools honour; unpaired surrogates and UTF-16 lengths stay in the descriptions.
 */
final class EntitySchemas {

    /** A character {@code PlainText} admits: anything but a control character (Unicode category Cc). */
    static final String TEXT_CHARACTER = "[^\\u0000-\\u001F\\u007F-\\u009F]";

    /**
     * A text character that is not whitespace as {@code String.isBlank} (that is, {@code Character.isWhitespace})
     * sees it: space, the Zs/Zl/Zp separators except the no-break spaces U+00A0, U+2007 and U+202F.
     */
    static final String VISIBLE_CHARACTER =
            "[^\\u0000-\\u0020\\u007F-\\u009F\\u1680\\u2000-\\u2006\\u2008-\\u200A\\u2028\\u2029\\u205F\\u3000]";

    /** {@code @NotBlank @PlainText}: text characters, at least one of them visible. */
    static final String PLAIN_TEXT_NOT_BLANK = "^" + TEXT_CHARACTER + "*" + VISIBLE_CHARACTER + TEXT_CHARACTER + "*$";

    private static final String REFS = "#/components/schemas/";

    private EntitySchemas() {
    }

    static Map<String, Schema<?>> all() {
        Map<String, Schema<?>> schemas = new LinkedHashMap<>();
        schemas.put("Position", object("A point on the plane")
                .addProperty("x", finite()).addProperty("y", finite())
                .required(List.of("x", "y")));
        schemas.put(Circle.class.getSimpleName(), shape(Circle.class)
                .addProperty("radius", positiveInt32())
                .addRequiredItem("radius"));
        schemas.put(Rectangle.class.getSimpleName(), shape(Rectangle.class)
                .addProperty("width", positiveInt32()).addProperty("height", positiveInt32())
                .addRequiredItem("width").addRequiredItem("height"));
        schemas.put(Drawing.class.getSimpleName(), object("A named, dated list of shapes, which it owns")
                .addProperty("id", id())
                .addProperty("name", text(Drawing.MAX_NAME_LENGTH))
                .addProperty("creationDate", new DateTimeSchema().readOnly(true)
                        .description("Set by the server on creation (UTC, milliseconds); ignored when sent"))
                .addProperty("shapes", new ArraySchema().maxItems(Drawing.MAX_SHAPES).items(shapeOfDrawing())
                        ._default(List.of()).description("Kept in the order sent; replaced as a whole by a PUT; "
                                + "none when left out (but null is refused)"))
                .required(List.of("id", "name", "creationDate")));
        return schemas;
    }

    /** The {@code shapeType} names Jackson accepts per subtype, its {@code @JsonTypeName} last (see {@link #shapeOfDrawing}). */
    static Map<String, List<String>> typeNames() {
        Map<String, List<String>> names = new LinkedHashMap<>();
        for (JsonSubTypes.Type type : Shape.class.getAnnotation(JsonSubTypes.class).value()) {
            List<String> all = new ArrayList<>(List.of(type.names()));
            if (!type.name().isEmpty()) {
                all.add(type.name());
            }
            String canonical = type.value().getAnnotation(JsonTypeName.class).value();
            all.sort((a, b) -> Boolean.compare(a.equals(canonical), b.equals(canonical)));
            names.put(type.value().getSimpleName(), all.stream().distinct().toList());
        }
        return names;
    }

    /**
     * A shape in a drawing, whose {@code shapeType} is required. The canonical name comes last because a tool that sends
     * one value per schema (schemathesis) sends the last.
     */
    private static Schema<?> shapeOfDrawing() {
        Discriminator discriminator = new Discriminator().propertyName(Shape.TYPE_PROPERTY);
        List<Schema> branches = new ArrayList<>();
        typeNames().forEach((schema, names) -> {
            names.forEach(name -> discriminator.mapping(name, REFS + schema));
            branches.add(new Schema<>().$ref(REFS + schema));
        });
        ComposedSchema shape = new ComposedSchema();
        shape.oneOf(branches).discriminator(discriminator).required(List.of(Shape.TYPE_PROPERTY));
        return shape;
    }

    private static Schema<?> shape(Class<?> type) {
        List<String> names = typeNames().get(type.getSimpleName());
        return object("A " + type.getSimpleName().toLowerCase() + "; standalone, or one of a drawing's shapes")
                .addProperty("id", id())
                .addProperty(Shape.TYPE_PROPERTY, new StringSchema()._enum(names).description(
                        "May be left out at the shape's own collection; required in a drawing"))
                .addProperty("colour", text(Shape.MAX_COLOUR_LENGTH))
                .addProperty("position", new Schema<>().$ref(REFS + "Position"))
                .required(new ArrayList<>(List.of("id", "colour", "position")));
    }

    /** Unknown properties are refused (fail-on-unknown-properties). */
    private static Schema<?> object(String description) {
        return new ObjectSchema().additionalProperties(false).description(description);
    }

    private static Schema<?> id() {
        return new IntegerSchema().format("int64").readOnly(true).description("Assigned by the server: refused "
                + "in a create, accepted in a replace only if it equals the path's id, ignored in a drawing's shapes");
    }

    private static Schema<?> text(int maxLength) {
        return new StringSchema().minLength(1).maxLength(maxLength).pattern(PLAIN_TEXT_NOT_BLANK).description(
                "Not blank; no control characters (U+0000-U+001F, U+007F-U+009F) and no unpaired surrogates; at "
                        + "most " + maxLength + " UTF-16 code units, so a character outside the Basic Multilingual "
                        + "Plane counts two");
    }

    /**
     * {@code Finite}: the exact bound lies between {@code MAX_VALUE} and 2^1024 and is no double, which tools cannot
     * read, so a number of more than 17 digits between the two is accepted although the schema bars it.
     */
    private static Schema<?> finite() {
        return new NumberSchema().format("double")
                .minimum(BigDecimal.valueOf(-Double.MAX_VALUE)).maximum(BigDecimal.valueOf(Double.MAX_VALUE));
    }

    /** {@code @Min(1)} on an {@code Integer}: Jackson refuses what does not fit in 32 bits. */
    private static Schema<?> positiveInt32() {
        return new IntegerSchema().minimum(BigDecimal.ONE).maximum(BigDecimal.valueOf(Integer.MAX_VALUE));
    }
}
