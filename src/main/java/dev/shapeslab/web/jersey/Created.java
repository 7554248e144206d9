package dev.shapeslab.web.jersey;

import dev.shapeslab.domain.Identifiable;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;
import java.net.URI;

/** The answer to a successful POST to one resource's collection, shared by every execution variant. */
public final class Created {

    private final String collection;

    /** For the collection at {@code resource}'s {@link Path}. */
    public Created(Class<?> resource) {
        String path = resource.getAnnotation(Path.class).value();
        this.collection = (path.startsWith("/") ? path.substring(1) : path) + "/";
    }

    /**
     * 201 with {@code Location} relative to the application's base URI, which Jersey makes absolute: the same header as
     * one built from {@code UriInfo}, without a {@code UriBuilder} on every create.
     */
    public Response response(Identifiable<?> created) {
        return Response.created(URI.create(collection + created.getId())).entity(created).build();
    }
}
