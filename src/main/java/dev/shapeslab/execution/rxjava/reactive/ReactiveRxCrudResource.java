package dev.shapeslab.execution.rxjava.reactive;

import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.execution.JerseyCrudResource;
import dev.shapeslab.web.PageRequest;
import dev.shapeslab.web.Paging;
import io.reactivex.Single;
import io.reactivex.disposables.SerialDisposable;
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
import jakarta.ws.rs.container.ConnectionCallback;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/**
 * The CRUD endpoints of one entity type over {@link ReactiveRxCrudService}: the {@code rxjava} variant once its store
 * no longer blocks. Where {@code RxCrudResource} waits for the pipeline ({@code blockingGet}), these methods take
 * {@code @Suspended AsyncResponse}, subscribe, and return.
 *
 * <p>Threading contract: a Tomcat request thread parses the request, applies the domain rules, starts the store
 * call and returns to the pool. While the query is in flight no thread is held. A {@code response-*} thread takes
 * the result, resumes the response (errors go to the same problem+json mappers) and Tomcat writes it. The request
 * is bounded by its store call's deadline ({@code shapes.database.request-timeout}); a client that goes away, when
 * the container reports it, disposes the pipeline, which cancels the store call.
 *
 * @param <T> the entity type
 */
public abstract class ReactiveRxCrudResource<T extends Identifiable<T>> extends JerseyCrudResource<T> {

    private final ReactiveRxCrudService<T> service;

    protected ReactiveRxCrudResource(ReactiveRxCrudService<T> service, Paging paging, Class<T> entityType) {
        super(paging, entityType);
        this.service = service;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public void list(@QueryParam("offset") String offset, @QueryParam("limit") String limit,
                     @Context UriInfo uriInfo, @Suspended AsyncResponse response) {
        PageRequest page = page(offset, limit);
        answer(response, service.list(page.offset(), page.limit())
                .map(entities -> pageAnswer(entities, page, uriInfo)));
    }

    @GET
    @Path("{id}")
    @Produces(MediaType.APPLICATION_JSON)
    public void find(@PathParam("id") long id, @Suspended AsyncResponse response) {
        answer(response, service.find(id).switchIfEmpty(Single.error(() -> service.notFound(id))));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public void create(T entity, @Suspended AsyncResponse response) {
        answer(response, service.create(entity).map(this::created));
    }

    @PUT
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public void update(@PathParam("id") long id, T entity, @Suspended AsyncResponse response) {
        answer(response, service.update(id, entity));
    }

    @DELETE
    @Path("{id}")
    public void delete(@PathParam("id") long id, @Suspended AsyncResponse response) {
        answer(response, service.delete(id).toSingleDefault(Response.noContent().build()));
    }

    @DELETE
    public void deleteAll(@Suspended AsyncResponse response) {
        answer(response, service.deleteAll().toSingleDefault(Response.noContent().build()));
    }

    /** Subscribes, and resumes {@code response} with the value or the error; registered first, so nothing is missed. */
    private static void answer(AsyncResponse response, Single<?> result) {
        SerialDisposable subscription = new SerialDisposable();
        response.register((ConnectionCallback) disconnected -> subscription.dispose());
        subscription.replace(result.subscribe(response::resume, response::resume));
    }
}
