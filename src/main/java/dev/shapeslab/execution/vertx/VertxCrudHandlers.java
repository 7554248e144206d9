package dev.shapeslab.execution.vertx;

import static dev.shapeslab.web.vertx.RequestMetrics.tagged;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.web.JsonProblems;
import dev.shapeslab.web.PageRequest;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ProblemCatalogue;
import dev.shapeslab.web.ResourcePaths;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.net.URI;
import java.util.List;

/**
 * The CRUD routes of one entity type under {@code vertx}: the paths, statuses and bodies of the Jersey resources.
 *
 * <p>Threading contract: an event loop reads the request, checks the domain rules and hands the store call over; its
 * result comes back to the same event loop, which writes the response. No thread waits, an event loop never blocks.
 */
final class VertxCrudHandlers<T extends Identifiable<T>> {

    private static final String JSON = "application/json";

    private final String collection;
    private final VertxCrudService<T> service;
    private final ObjectReader reader;
    private final ObjectWriter writer;
    private final ObjectWriter pageWriter;
    private final Paging paging;

    VertxCrudHandlers(String collection, Class<T> type, VertxCrudService<T> service, ObjectMapper json, Paging paging) {
        this.collection = collection;
        this.service = service;
        this.reader = json.readerFor(type);
        this.writer = json.writerFor(type);
        // A page is a list of the type, so that a shape keeps its shapeType, as Jersey writes it given its GenericEntity.
        this.pageWriter = json.writerFor(json.getTypeFactory().constructCollectionType(List.class, type));
        this.paging = paging;
    }

    void mount(Router router) {
        String item = collection + "/:id";
        String itemTemplate = collection + "/{id}";
        router.route(collection).method(HttpMethod.GET).method(HttpMethod.HEAD).produces(JSON)
                .handler(tagged(collection, this::list));
        router.post(collection).consumes(JSON).produces(JSON).handler(tagged(collection, this::create));
        router.delete(collection).handler(tagged(collection, this::deleteAll));
        router.route(item).method(HttpMethod.GET).method(HttpMethod.HEAD).produces(JSON)
                .handler(tagged(itemTemplate, this::find));
        router.put(item).consumes(JSON).produces(JSON).handler(tagged(itemTemplate, this::update));
        router.delete(item).handler(tagged(itemTemplate, this::delete));
    }

    private void list(RoutingContext request) {
        PageRequest page = paging.request(first(request, "offset"), first(request, "limit"));
        service.list(page.offset(), page.limit()).onSuccess(entities -> {
            paging.nextLink(entities, page, URI.create(request.request().absoluteURI()))
                    .ifPresent(link -> request.response().putHeader("Link", link));
            answer(request, 200, pageWriter, entities);
        }).onFailure(request::fail);
    }

    private void find(RoutingContext request) {
        service.find(id(request)).onSuccess(found -> answer(request, 200, writer, found)).onFailure(request::fail);
    }

    private void create(RoutingContext request) {
        service.create(body(request)).onSuccess(created -> {
            request.response().putHeader(HttpHeaders.LOCATION, ResourcePaths.location(
                    URI.create(request.request().absoluteURI()), collection, created.getId()).toString());
            answer(request, 201, writer, created);
        }).onFailure(request::fail);
    }

    private void update(RoutingContext request) {
        long id = id(request);
        service.update(id, body(request)).onSuccess(updated -> answer(request, 200, writer, updated))
                .onFailure(request::fail);
    }

    private void delete(RoutingContext request) {
        service.delete(id(request)).onSuccess(done -> request.response().setStatusCode(204).end())
                .onFailure(request::fail);
    }

    private void deleteAll(RoutingContext request) {
        service.deleteAll().onSuccess(done -> request.response().setStatusCode(204).end()).onFailure(request::fail);
    }

    /** The path's id; one that is not a number names no resource, a 404 as under Jersey. */
    private static long id(RoutingContext request) {
        try {
            return Long.parseLong(request.pathParam("id"));
        } catch (NumberFormatException notANumber) {
            throw ProblemCatalogue.NO_RESOURCE.exception(request.request().path());
        }
    }

    /** The body as the entity, null when there is none (the domain rules say a body is required). */
    private T body(RoutingContext request) {
        Buffer body = request.body().buffer();
        if (body == null || body.length() == 0) {
            return null;
        }
        try {
            return reader.readValue(body.getBytes());
        } catch (JsonProcessingException invalid) {
            throw ProblemCatalogue.INVALID_JSON.exception(JsonProblems.describe(invalid));
        } catch (IOException unreadable) {
            throw ProblemCatalogue.BODY_UNREADABLE.exception();
        }
    }

    private static String first(RoutingContext request, String name) {
        try {
            List<String> values = request.queryParam(name);
            return values.isEmpty() ? null : values.get(0);
        } catch (IllegalArgumentException malformed) {
            throw ProblemCatalogue.QUERY_UNREADABLE.exception();
        }
    }

    /** Written on the request's own event loop, where the store call's result has come back. */
    private static void answer(RoutingContext request, int status, ObjectWriter writer, Object value) {
        byte[] json;
        try {
            json = writer.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            request.fail(new IllegalStateException("an answer could not be written as JSON", e));
            return;
        }
        request.response().setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, JSON).end(Buffer.buffer(json));
    }
}
