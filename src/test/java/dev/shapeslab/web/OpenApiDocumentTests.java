package dev.shapeslab.web;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.execution.HttpTestSupport;
import dev.shapeslab.execution.async.AsyncCircleResource;
import dev.shapeslab.execution.async.AsyncDrawingResource;
import dev.shapeslab.execution.async.AsyncRectangleResource;
import dev.shapeslab.execution.plain.PlainCircleResource;
import dev.shapeslab.execution.plain.PlainDrawingResource;
import dev.shapeslab.execution.plain.PlainRectangleResource;
import dev.shapeslab.execution.rxjava.RxCircleResource;
import dev.shapeslab.execution.rxjava.RxDrawingResource;
import dev.shapeslab.execution.rxjava.RxRectangleResource;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Set;
import org.springframework.test.context.ActiveProfiles;
import org.testng.annotations.Test;

/**
 * The OpenAPI document is served, valid, complete (three entities, problem+json, every operation) and the
 * same whichever variant serves it. That everything it documents is exercised is checked by the contract
 * suite itself ({@code CrudContractTests.everyDocumentedOperationAndStatusIsExercised}).
 */
@ActiveProfiles({"plain", "stub"})
public class OpenApiDocumentTests extends HttpTestSupport {

    @Test
    public void theServedDocumentIsValidOpenApi3() {
        HttpResponse<String> served = get("/openapi.json");
        assertEquals(served.statusCode(), 200);
        assertEquals(served.headers().firstValue("Content-Type").orElse(""), "application/json");

        SwaggerParseResult parsed = new OpenAPIV3Parser().readContents(served.body(), null, null);
        assertTrue(parsed.getMessages() == null || parsed.getMessages().isEmpty(), "invalid: " + parsed.getMessages());
        OpenAPI api = parsed.getOpenAPI();
        assertEquals(api.getPaths().keySet(), Set.of("/circles", "/circles/{id}", "/rectangles", "/rectangles/{id}",
                "/drawings", "/drawings/{id}"));
        assertTrue(api.getComponents().getSchemas().keySet().containsAll(
                Set.of("Circle", "Rectangle", "Drawing", "Problem")), api.getComponents().getSchemas().keySet().toString());
        api.getPaths().forEach((path, item) -> item.readOperations().forEach(operation -> {
            assertTrue(operation.getResponses().containsKey("503"), path + " " + operation.getOperationId());
            assertTrue(operation.getResponses().get("503").getHeaders().containsKey("Retry-After"));
        }));
        assertEquals(api.getPaths().get("/circles").getPost().getResponses().get("201").getHeaders().keySet(),
                Set.of("Location"));
    }

    @Test
    public void everyVariantServesTheSameDocument() {
        String plain = Json.pretty(OpenApiDocument.build(
                List.of(PlainCircleResource.class, PlainRectangleResource.class, PlainDrawingResource.class), 1000));
        String rxjava = Json.pretty(OpenApiDocument.build(
                List.of(RxCircleResource.class, RxRectangleResource.class, RxDrawingResource.class), 1000));
        String async = Json.pretty(OpenApiDocument.build(
                List.of(AsyncCircleResource.class, AsyncRectangleResource.class, AsyncDrawingResource.class), 1000));

        assertEquals(rxjava, plain);
        assertEquals(async, plain);
    }
}
