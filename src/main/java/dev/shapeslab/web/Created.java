package dev.shapeslab.web;

import dev.shapeslab.domain.Identifiable;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/** The answer to a successful POST, shared by every execution variant. */
public final class Created {

    private Created() {
    }

    /** 201 with {@code Location: <request URI>/<id>} and the stored entity as the body. */
    public static Response response(UriInfo uriInfo, Identifiable<?> created) {
        return Response.created(uriInfo.getAbsolutePathBuilder().path(String.valueOf(created.getId())).build())
                .entity(created)
                .build();
    }
}
