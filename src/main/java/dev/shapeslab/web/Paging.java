package dev.shapeslab.web;

import java.lang.reflect.Type;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import org.springframework.core.ResolvableType;
import org.springframework.stereotype.Component;
import org.springframework.web.util.UriComponentsBuilder;

/** Offset paging for the list endpoints ({@link PagingSettings}), linking the next page after a full one. */
@Component
public class Paging {

    private final int defaultLimit;
    private final int maxLimit;

    public Paging(PagingSettings settings) {
        this.defaultLimit = settings.defaultLimit();
        this.maxLimit = settings.maxLimit();
    }

    public PageRequest request(String offset, String limit) {
        int parsedOffset = offset == null ? 0 : parse("offset", offset, 0, Integer.MAX_VALUE);
        int parsedLimit = limit == null ? defaultLimit : parse("limit", limit, 1, maxLimit);
        return new PageRequest(parsedOffset, parsedLimit);
    }

    /**
     * The declared type of a page of {@code elementType}, for Jersey's {@code jersey.Pages}. Stating it keeps
     * polymorphic entities' {@code shapeType} inside the array, which erasure would lose. Resources compute it once.
     */
    public static Type listOf(Class<?> elementType) {
        return ResolvableType.forClassWithGenerics(List.class, elementType).getType();
    }

    /** The page after {@code page}, worth linking when this one came back full (and the offset stays an int). */
    public Optional<PageRequest> next(List<?> entities, PageRequest page) {
        if (entities.size() == page.limit() && (long) page.offset() + page.limit() <= Integer.MAX_VALUE) {
            return Optional.of(new PageRequest(page.offset() + page.limit(), page.limit()));
        }
        return Optional.empty();
    }

    /**
     * The {@code Link} header that links the page after {@code page} ({@link #next}) as {@code rel="next"}: the
     * request's URI {@code request} with that page's offset and limit; for the servers without JAX-RS's link builder.
     */
    public Optional<String> nextLink(List<?> entities, PageRequest page, URI request) {
        return next(entities, page).map(next -> "<" + UriComponentsBuilder.fromUri(request)
                .replaceQueryParam("offset", next.offset()).replaceQueryParam("limit", next.limit())
                .build().toUriString() + ">; rel=\"next\"");
    }

    private static int parse(String name, String value, int min, int max) {
        try {
            int parsed = Integer.parseInt(value.trim());
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // answered below, with the range
        }
        throw ProblemCatalogue.OUT_OF_RANGE.exception(name, min, max);
    }
}
