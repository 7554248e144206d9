package dev.shapeslab.web;

import java.net.URI;
import org.springframework.web.util.UriComponentsBuilder;

/** The root paths of the resources, shared by every execution variant and by the tests. */
public final class ResourcePaths {

    public static final String CIRCLES = "/circles";
    public static final String RECTANGLES = "/rectangles";
    public static final String DRAWINGS = "/drawings";

    private ResourcePaths() {
    }

    /**
     * Where entity {@code id} of {@code collection} lives, absolute on the URI of {@code request}: the
     * {@code Location} of a create, as Jersey makes a relative one absolute.
     */
    public static URI location(URI request, String collection, Object id) {
        return UriComponentsBuilder.fromUri(request).replacePath(collection + "/" + id).replaceQuery(null).build().toUri();
    }
}
