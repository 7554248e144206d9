package dev.shapeslab.web.jersey;

import dev.shapeslab.web.PageRequest;
import dev.shapeslab.web.Paging;
import jakarta.ws.rs.core.GenericEntity;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Optional;

/** A page of a list endpoint as Jersey's answer; {@link Paging} decides the page and whether a next one is linked. */
public final class Pages {

    private Pages() {
    }

    /**
     * A 200 with {@code entities} as a JSON array of type {@code listType} ({@link Paging#listOf}), linking
     * {@code next} (from {@link Paging#next}) as {@code rel="next"}: this request's URI with its offset and limit.
     */
    public static <T> Response of(List<T> entities, Type listType, Optional<PageRequest> next, UriInfo uriInfo) {
        Response.ResponseBuilder response = Response.ok(new GenericEntity<>(entities, listType));
        next.ifPresent(page -> response.link(uriInfo.getRequestUriBuilder()
                .replaceQueryParam("offset", page.offset())
                .replaceQueryParam("limit", page.limit())
                .build(), "next"));
        return response.build();
    }
}
