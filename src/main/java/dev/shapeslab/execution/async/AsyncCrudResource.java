package dev.shapeslab.execution.async;

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
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/**
 * The CRUD endpoints over {@link AsyncCrud}, the article series' part 4 done so that the work leaves the request
 * thread; {@code rxjava} on {@code r2dbc} serves them too, without the timeout ({@link AsyncResponder#untimed}).
 *
 * <p>Threading contract: a Tomcat request thread suspends the response, subscribes and returns to the pool; the store
 * work runs on an {@code async-blocking-*} thread (none on {@code r2dbc}), which resumes the response.
 */
public abstract class AsyncCrudResource<T extends Identifiable<T>> extends JerseyCrudResource<T> {

    private final AsyncCrud<T> service;
    private final AsyncResponder responder;

    protected AsyncCrudResource(AsyncCrud<T> service, AsyncResponder responder, Paging paging,
                                Class<T> entityType) {
        super(paging, entityType);
        this.service = service;
        this.responder = responder;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public void list(@QueryParam("offset") String offset, @QueryParam("limit") String limit,
                     @Context UriInfo uriInfo, @Suspended AsyncResponse response) {
        PageRequest page = page(offset, limit);
        responder.respond(response, gate -> service.list(gate, page.offset(), page.limit())
                .map(entities -> pageAnswer(entities, page, uriInfo)));
    }

    @GET
    @Path("{id}")
    @Produces(MediaType.APPLICATION_JSON)
    public void find(@PathParam("id") long id, @Suspended AsyncResponse response) {
        responder.respond(response, gate -> service.find(gate, id).switchIfEmpty(Single.error(() -> service.notFound(id))));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public void create(T entity, @Suspended AsyncResponse response) {
        responder.respond(response, gate -> service.create(gate, entity).map(this::created));
    }

    @PUT
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public void update(@PathParam("id") long id, T entity, @Suspended AsyncResponse response) {
        responder.respond(response, gate -> service.update(gate, id, entity));
    }

    @DELETE
    @Path("{id}")
    public void delete(@PathParam("id") long id, @Suspended AsyncResponse response) {
        responder.respond(response, gate -> service.delete(gate, id).toSingleDefault(Response.noContent().build()));
    }

    @DELETE
    public void deleteAll(@Suspended AsyncResponse response) {
        responder.respond(response, gate -> service.deleteAll(gate).toSingleDefault(Response.noContent().build()));
    }
}
