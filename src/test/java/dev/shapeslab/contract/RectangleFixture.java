package dev.shapeslab.contract;

import dev.shapeslab.web.ResourcePaths;
import java.util.List;

final class RectangleFixture extends EntityFixture {

    @Override
    String path() {
        return ResourcePaths.RECTANGLES;
    }

    @Override
    String body(int i) {
        return rectangle("colour-" + i, position(i), String.valueOf(i + 1), String.valueOf(2 * i + 3));
    }

    static String rectangle(String colour, String position, String width, String height) {
        return "{\"colour\":\"" + colour + "\",\"position\":" + position
                + ",\"width\":" + width + ",\"height\":" + height + "}";
    }

    @Override
    List<InvalidBody> invalidBodies() {
        String p = position(2);
        return List.of(
                new InvalidBody("empty colour", rectangle("", p, "1", "1"), "colour"),
                new InvalidBody("colour as a number", rectangle("red", p, "1", "1").replace("\"red\"", "-7"), "colour"),
                new InvalidBody("tab in colour", rectangle("dark\\tred", p, "1", "1"), "colour"),
                new InvalidBody("DEL in colour", rectangle("red\\u007F", p, "1", "1"), "colour"),
                new InvalidBody("lone low surrogate in colour", rectangle("\\uDFA8red", p, "1", "1"), "colour"),
                new InvalidBody("surrogates reversed in colour", rectangle("\\uDFA8\\uD83C", p, "1", "1"), "colour"),
                new InvalidBody("zero width", rectangle("red", p, "0", "1"), "width"),
                new InvalidBody("negative height", rectangle("red", p, "1", "-4"), "height"),
                new InvalidBody("missing height", "{\"colour\":\"red\",\"position\":" + p + ",\"width\":1}", "height"),
                new InvalidBody("null width", rectangle("red", p, "null", "1"), "width"),
                new InvalidBody("unknown shapeType", "{\"shapeType\":\"triangle\",\"colour\":\"red\",\"position\":"
                        + p + ",\"width\":1,\"height\":1}", "shapeType"));
    }
}
