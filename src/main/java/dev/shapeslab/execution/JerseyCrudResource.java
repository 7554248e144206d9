package dev.shapeslab.execution;

import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.web.PageRequest;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.jersey.Created;
import dev.shapeslab.web.jersey.Pages;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.lang.reflect.Type;
import java.util.List;

/**
 * What the Jersey variants' base resources share apart from their threading: a page, its answer and a create's 201.
 * The JAX-RS methods stay in each variant's base resource, beside the threading contract they follow.
 */
public abstract class JerseyCrudResource<T extends Identifiable<T>> {

    private final Paging paging;
    private final Type listType;
    private final Created created = new Created(getClass());

    protected JerseyCrudResource(Paging paging, Class<T> entityType) {
        this.paging = paging;
        this.listType = Paging.listOf(entityType);
    }

    protected PageRequest page(String offset, String limit) {
        return paging.request(offset, limit);
    }

    /** {@code entities} as the answer to {@code page}: a 200, linking the next page when there is one. */
    protected Response pageAnswer(List<T> entities, PageRequest page, UriInfo uriInfo) {
        return Pages.of(entities, listType, paging.next(entities, page), uriInfo);
    }

    /** 201 with the stored entity and its {@code Location}. */
    protected Response created(T entity) {
        return created.response(entity);
    }
}
