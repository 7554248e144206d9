package dev.shapeslab.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shapeslab.web.ResourcePaths;
import java.util.Collections;
import java.util.List;

final class DrawingFixture extends EntityFixture {

    @Override
    String path() {
        return ResourcePaths.DRAWINGS;
    }

    /** A drawing with {@code i % 4} shapes, circles and rectangles alternating. */
    @Override
    String body(int i) {
        StringBuilder shapes = new StringBuilder();
        for (int s = 0; s < i % 4; s++) {
            shapes.append(s == 0 ? "" : ",").append(s % 2 == 0 ? circleIn(i + s) : rectangleIn(i + s));
        }
        return drawing("drawing-" + i, "[" + shapes + "]");
    }

    static String drawing(String name, String shapes) {
        return "{\"name\":\"" + name + "\",\"shapes\":" + shapes + "}";
    }

    static String circleIn(int i) {
        return "{\"shapeType\":\"circle\"," + CircleFixture.circle("c" + i, position(i), String.valueOf(i + 1)).substring(1);
    }

    static String rectangleIn(int i) {
        return "{\"shapeType\":\"rectangle\","
                + RectangleFixture.rectangle("r" + i, position(i), String.valueOf(i + 1), "2").substring(1);
    }

    /** Shape ids inside a drawing are the server's too. */
    @Override
    JsonNode content(JsonNode node) {
        JsonNode content = super.content(node);
        content.path("shapes").forEach(shape -> ((ObjectNode) shape).remove("id"));
        return content;
    }

    @Override
    List<InvalidBody> invalidBodies() {
        String thousandAndOne = "[" + String.join(",", Collections.nCopies(1001, circleIn(1))) + "]";
        String numberColour = "[" + circleIn(1).replace("\"c1\"", "1") + "]";
        return List.of(
                new InvalidBody("blank name", drawing("  ", "[]"), "name"),
                new InvalidBody("name over 128 characters", drawing("n".repeat(129), "[]"), "name"),
                new InvalidBody("missing name", "{\"shapes\":[]}", "name"),
                new InvalidBody("name as a number", drawing("d", "[]").replace("\"d\"", "42"), "name"),
                new InvalidBody("name as a boolean", drawing("d", "[]").replace("\"d\"", "false"), "name"),
                new InvalidBody("name as an array", drawing("d", "[]").replace("\"d\"", "[\"d\"]"), "name"),
                new InvalidBody("a shape's colour as a number", drawing("d", numberColour), "shapes[0].colour"),
                new InvalidBody("newline in name", drawing("two\\nlines", "[]"), "name"),
                new InvalidBody("U+001F in name", drawing("d\\u001f", "[]"), "name"),
                new InvalidBody("U+009F in name", drawing("d\\u009F", "[]"), "name"),
                new InvalidBody("high surrogate then a letter in name", drawing("\\uD83Cd", "[]"), "name"),
                new InvalidBody("control character in a shape's colour",
                        drawing("d", "[" + circleIn(1).replace("\"c1\"", "\"c\\u0007\"") + "]"), "shapes[0].colour"),
                new InvalidBody("null shapes", drawing("d", "null"), "shapes"),
                new InvalidBody("1,001 shapes", drawing("d", thousandAndOne), "shapes"),
                new InvalidBody("invalid shape", drawing("d", "[" + circleIn(1) + ","
                        + circleIn(2).replace("\"radius\":3", "\"radius\":0") + "]"), "shapes[1].radius"),
                new InvalidBody("shape without shapeType",
                        drawing("d", "[" + CircleFixture.circle("red", position(1), "2") + "]"), "shapes[0]"),
                new InvalidBody("unknown shapeType",
                        drawing("d", "[{\"shapeType\":\"triangle\",\"colour\":\"red\"}]"), "shapeType \"triangle\""),
                new InvalidBody("null shape", drawing("d", "[null]"), "shapes[0]"));
    }
}
