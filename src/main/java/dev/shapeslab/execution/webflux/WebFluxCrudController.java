package dev.shapeslab.execution.webflux;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.web.PageRequest;
import dev.shapeslab.web.Paging;
import dev.shapeslab.web.ResourcePaths;
import dev.shapeslab.web.flux.EventLoops;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * The CRUD endpoints of one entity type under {@code webflux}: the paths, statuses and bodies of the Jersey resources.
 *
 * <p>Threading contract: an event loop reads the request and assembles the pipeline; the store call runs on a
 * {@code webflux-blocking-*} thread (none on {@code r2dbc}); its result comes back to the request's own event loop
 * ({@code publishOn}), which writes the response. No thread waits, an event loop never blocks.
 */
public abstract class WebFluxCrudController<T extends Identifiable<T>> {

    private static final String JSON = MediaType.APPLICATION_JSON_VALUE;

    private final WebFluxCrud<T> service;
    private final ObjectWriter pageWriter;
    private final Paging paging;
    private final String collection;

    WebFluxCrudController(WebFluxCrud<T> service, ObjectWriter pageWriter, Paging paging) {
        this.service = service;
        this.pageWriter = pageWriter;
        this.paging = paging;
        this.collection = getClass().getAnnotation(RequestMapping.class).value()[0];
    }

    /** The page is written here as JSON ({@link WebFluxServices#pageWriter}), on the event loop as any answer. */
    @GetMapping(produces = JSON)
    public Mono<ResponseEntity<byte[]>> list(@RequestParam(name = "offset", required = false) String offset,
            @RequestParam(name = "limit", required = false) String limit, ServerWebExchange exchange) {
        PageRequest page = paging.request(offset, limit);
        return answered(exchange, service.list(page.offset(), page.limit()).map(entities -> {
            ResponseEntity.BodyBuilder ok = ResponseEntity.ok();
            paging.nextLink(entities, page, exchange.getRequest().getURI()).ifPresent(link -> ok.header(HttpHeaders.LINK, link));
            return ok.body(json(entities));
        }));
    }

    @GetMapping(path = "/{id}", produces = JSON)
    public Mono<T> find(@PathVariable("id") long id, ServerWebExchange exchange) {
        return answered(exchange, service.find(id).switchIfEmpty(Mono.error(() -> service.notFound(id))));
    }

    /** The body is optional here so that a missing one is the domain's 400 naming it, as under Jersey. */
    @PostMapping(consumes = JSON, produces = JSON)
    public Mono<ResponseEntity<T>> create(@RequestBody(required = false) T entity, ServerWebExchange exchange) {
        return answered(exchange, service.create(entity)
                .map(created -> ResponseEntity.created(ResourcePaths.location(exchange.getRequest().getURI(), collection,
                        created.getId())).body(created)));
    }

    @PutMapping(path = "/{id}", consumes = JSON, produces = JSON)
    public Mono<T> update(@PathVariable("id") long id, @RequestBody(required = false) T entity,
                          ServerWebExchange exchange) {
        return answered(exchange, service.update(id, entity));
    }

    @DeleteMapping("/{id}")
    public Mono<ResponseEntity<Void>> delete(@PathVariable("id") long id, ServerWebExchange exchange) {
        return answered(exchange, service.delete(id).then(Mono.fromCallable(() -> ResponseEntity.noContent().build())));
    }

    @DeleteMapping
    public Mono<ResponseEntity<Void>> deleteAll(ServerWebExchange exchange) {
        return answered(exchange, service.deleteAll().then(Mono.fromCallable(() -> ResponseEntity.noContent().build())));
    }

    private byte[] json(List<T> entities) {
        try {
            return pageWriter.writeValueAsBytes(entities);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a page could not be written as JSON", e);
        }
    }

    /** The result, or the failure, on the event loop of the request's connection, which answers it. */
    private static <R> Mono<R> answered(ServerWebExchange exchange, Mono<R> result) {
        return result.publishOn(EventLoops.schedulerOf(exchange));
    }
}
