package dev.shapeslab.startup;

import dev.shapeslab.execution.plain.PlainVariant;
import dev.shapeslab.web.PagingSettings;
import dev.shapeslab.web.jersey.OpenApiDocument;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/** Under {@code webflux}, the OpenAPI document from {@code plain}'s resources: controllers carry no JAX-RS. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
class WebFluxRoutes {

    /** Built once, on the first request, off the event loop: reading classes is blocking work. */
    @Bean
    RouterFunction<ServerResponse> openApiDocument(PagingSettings paging) {
        Mono<String> document = Mono.fromCallable(() -> OpenApiDocument.of(PlainVariant.RESOURCES, paging.maxLimit()))
                .subscribeOn(Schedulers.boundedElastic()).cache();
        return RouterFunctions.route(RequestPredicates.GET("/openapi.json"),
                request -> document.flatMap(json -> ServerResponse.ok().contentType(MediaType.APPLICATION_JSON)
                        .bodyValue(json)));
    }
}
