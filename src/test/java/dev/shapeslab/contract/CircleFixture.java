package dev.shapeslab.contract;

import dev.shapeslab.web.ResourcePaths;
import java.util.List;

final class CircleFixture extends EntityFixture {

    @Override
    String path() {
        return ResourcePaths.CIRCLES;
    }

    @Override
    String body(int i) {
        return circle("colour-" + i, position(i), String.valueOf(i + 1));
    }

    static String circle(String colour, String position, String radius) {
        return "{\"colour\":\"" + colour + "\",\"position\":" + position + ",\"radius\":" + radius + "}";
    }

    @Override
    List<InvalidBody> invalidBodies() {
        String p = position(1);
        return List.of(
                new InvalidBody("blank colour", circle(" ", p, "3"), "colour"),
                new InvalidBody("colour over 64 characters", circle("c".repeat(65), p, "3"), "colour"),
                new InvalidBody("colour as an integer", withColour("5"), "colour"),
                new InvalidBody("colour as a fraction", withColour("2.5"), "colour"),
                new InvalidBody("colour as a boolean", withColour("true"), "colour"),
                new InvalidBody("colour as an array", withColour("[\"red\"]"), "colour"),
                new InvalidBody("colour as an object", withColour("{\"red\":1}"), "colour"),
                new InvalidBody("NUL in colour", circle("red\\u0000", p, "3"), "colour"),
                new InvalidBody("C1 control character in colour", circle("red\u0085", p, "3"), "colour"),
                new InvalidBody("lone high surrogate in colour", circle("red\\uD83C", p, "3"), "colour"),
                new InvalidBody("missing colour", "{\"position\":" + p + ",\"radius\":3}", "colour"),
                new InvalidBody("missing position", "{\"colour\":\"red\",\"radius\":3}", "position"),
                new InvalidBody("missing y", circle("red", "{\"x\":1.5}", "3"), "position.y"),
                new InvalidBody("infinite x", circle("red", "{\"x\":1e400,\"y\":1}", "3"), "position.x"),
                new InvalidBody("x as a string", circle("red", "{\"x\":\"1\",\"y\":1}", "3"), "position.x"),
                new InvalidBody("zero radius", circle("red", p, "0"), "radius"),
                new InvalidBody("fractional radius", circle("red", p, "2.5"), "radius"),
                new InvalidBody("radius as a string", circle("red", p, "\"3\""), "radius"),
                new InvalidBody("radius beyond int", circle("red", p, "99999999999"), "radius"),
                new InvalidBody("missing radius", "{\"colour\":\"red\",\"position\":" + p + "}", "radius"),
                new InvalidBody("rectangle type at /circles",
                        "{\"shapeType\":\"rectangle\",\"colour\":\"red\",\"position\":" + p + ",\"width\":1,\"height\":1}",
                        "shapeType"),
                new InvalidBody("an array instead of an object", "[]", "request body"));
    }

    /** A valid circle whose colour is the given JSON value. */
    private static String withColour(String json) {
        return circle("red", position(1), "3").replace("\"red\"", json);
    }
}
