package dev.shapeslab.web;

/** The root paths of the resources, shared by every execution variant and by the tests. */
public final class ResourcePaths {

    public static final String CIRCLES = "/circles";
    public static final String RECTANGLES = "/rectangles";
    public static final String DRAWINGS = "/drawings";

    private ResourcePaths() {
    }
}
