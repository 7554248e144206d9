package dev.shapeslab.execution.rxjava;

import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.execution.JerseyCrudResource;
import dev.shapeslab.web.PageRequest;
import dev.shapeslab.web.Paging;
import io.reactivex.Single;
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
 * The CRUD endpoints over {@link RxCrudService}, the article series' part 3 step.
 *
 * <p>Threading contract: a Tomcat request thread subscribes and waits ({@code blockingGet}); as the pipeline names no
 * scheduler, that thread runs the store work and writes the response.
 */
public abstract class RxCrudResource<T extends Identifiable<T>> extends JerseyCrudResource<T> {

    private final RxCrudService<T> service;

    protected RxCrudResource(RxCrudService<T> service, Paging paging, Class<T> entityType) {
        super(paging, entityType);
        this.service = service;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response list(@QueryParam("offset") String offset, @QueryParam("limit") String limit,
                         @Context UriInfo uriInfo) {
        PageRequest page = page(offset, limit);
        List<T> entities = service.list(page.offset(), page.limit()).blockingGet();
        return pageAnswer(entities, page, uriInfo);
    }

    @GET
    @Path("{id}")
    @Produces(MediaType.APPLICATION_JSON)
    public T find(@PathParam("id") long id) {
        return service.find(id).switchIfEmpty(Single.error(() -> service.notFound(id))).blockingGet();
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response create(T entity) {
        return created(service.create(entity).blockingGet());
    }

    @PUT
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public T update(@PathParam("id") long id, T entity) {
        return service.update(id, entity).blockingGet();
    }

    @DELETE
    @Path("{id}")
    public void delete(@PathParam("id") long id) {
        service.delete(id).blockingAwait();
    }

    @DELETE
    public void deleteAll() {
        service.deleteAll().blockingAwait();
    }
}
