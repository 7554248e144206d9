package dev.shapeslab.execution.plain;

import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.execution.JerseyCrudResource;
import dev.shapeslab.execution.StoreCrud;
import dev.shapeslab.web.PageRequest;
import dev.shapeslab.web.Paging;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;

/**
 * The CRUD endpoints of one entity type, blocking.
 *
 * <p>Threading contract: a Tomcat request thread handles the request, runs the store work through {@link StoreCrud}
 * and writes the response; it is held for the whole request, waits included.
 */
public abstract class PlainCrudResource<T extends Identifiable<T>> extends JerseyCrudResource<T> {

    private final StoreCrud<T> service;

    protected PlainCrudResource(StoreCrud<T> service, Paging paging, Class<T> entityType) {
        super(paging, entityType);
        this.service = service;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response list(@QueryParam("offset") String offset, @QueryParam("limit") String limit,
                         @Context UriInfo uriInfo) {
        PageRequest page = page(offset, limit);
        List<T> entities = service.list(page.offset(), page.limit());
        return pageAnswer(entities, page, uriInfo);
    }

    @GET
    @Path("{id}")
    @Produces(MediaType.APPLICATION_JSON)
    public T find(@PathParam("id") long id) {
        return service.find(id);
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response create(T entity) {
        return created(service.create(entity));
    }

    @PUT
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public T update(@PathParam("id") long id, T entity) {
        return service.update(id, entity);
    }

    @DELETE
    @Path("{id}")
    public void delete(@PathParam("id") long id) {
        service.delete(id);
    }

    @DELETE
    public void deleteAll() {
        service.deleteAll();
    }
}
