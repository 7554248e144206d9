package dev.shapeslab.web.jersey;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.shapeslab.web.PagingSettings;
import dev.shapeslab.web.Problem;
import dev.shapeslab.web.ProblemCatalogue;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.jaxrs2.Reader;
import io.swagger.v3.oas.integration.SwaggerConfiguration;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.links.Link;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.Context;
import java.lang.reflect.ParameterizedType;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.stereotype.Component;

/**
 * The HTTP contract as an OpenAPI 3 document at {@code /openapi.json}, the same under every variant: swagger-core
 * reads the resources, and the statuses are stated once in {@link #RESPONSES}, since {@code async}'s methods return
 * nothing a reader could see. Each create links its answer's {@code id} to the operations on that entity.
 */
@Component
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@Path("/openapi.json")
public class OpenApiDocument {

    /** Statuses per operation ("METHOD collection" or "METHOD item"), success first. */
    static final Map<String, List<Integer>> RESPONSES = Map.of(
            "GET collection", List.of(200, 400, 406),
            "POST collection", List.of(201, 400, 406, 413, 415),
            "DELETE collection", List.of(204),
            "GET item", List.of(200, 404, 406),
            "PUT item", List.of(200, 400, 404, 406, 413, 415),
            "DELETE item", List.of(204, 404));

    private final int maxLimit;
    private volatile String json;

    OpenApiDocument(PagingSettings paging) {
        this.maxLimit = paging.maxLimit();
    }

    /** Built on the first request: reading the resources takes a moment no start-up should wait for. */
    @GET
    @Produces(jakarta.ws.rs.core.MediaType.APPLICATION_JSON)
    public String document(@Context Application application) {
        String document = json;
        if (document == null) {
            List<Class<?>> resources = application.getClasses().stream()
                    .filter(type -> type.isAnnotationPresent(Path.class) && type != OpenApiDocument.class)
                    .sorted(java.util.Comparator.comparing(Class::getName)).toList();
            document = json(build(resources, maxLimit));
            json = document;
        }
        return document;
    }

    /**
     * The document of the API that {@code resourceClasses} (JAX-RS resources, one per entity) describe, as JSON:
     * for a server that serves the same contract without Jersey ({@code webflux}).
     */
    public static String of(List<Class<?>> resourceClasses, int maxLimit) {
        return json(build(resourceClasses, maxLimit));
    }

    /**
     * The document as JSON. Large bounds keep their exponent: written out in full, a parser that reads integers
     * exactly would see a bound a little below {@code Double.MAX_VALUE} and refuse a number the service accepts.
     */
    static String json(OpenAPI api) {
        try {
            return Json.mapper().writer(new DefaultPrettyPrinter())
                    .without(SerializationFeature.WRITE_BIGDECIMAL_AS_PLAIN)
                    .without(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN).writeValueAsString(api);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the OpenAPI document cannot be written", e);
        }
    }

    static OpenAPI build(List<Class<?>> resourceClasses, int maxLimit) {
        Set<Class<?>> classes = new LinkedHashSet<>(resourceClasses);
        OpenAPI api = new Reader(new SwaggerConfiguration().openAPI(new OpenAPI().info(new Info()
                .title("shapes-lab").version("1")
                .description("CRUD of circles, rectangles and drawings; errors are application/problem+json "
                        + "(RFC 9457). 503 with Retry-After: the database is unavailable or the service is at "
                        + "capacity; retry later."))))
                .read(classes);
        // swagger-core's entity schemas (read from the resources' parameters) give way to the exact ones.
        api.getComponents().setSchemas(new LinkedHashMap<>(EntitySchemas.all()));
        ModelConverters.getInstance().readAll(Problem.class).forEach(api.getComponents()::addSchemas);
        for (Class<?> resource : resourceClasses) {
            String collection = resource.getAnnotation(Path.class).value();
            String entity = entityOf(resource).getSimpleName();
            describe(api.getPaths().get(collection), "collection", entity, maxLimit);
            describe(api.getPaths().get(collection + "/{id}"), "item", entity, maxLimit);
        }
        return api;
    }

    private static void describe(PathItem path, String kind, String entity, int maxLimit) {
        Map<PathItem.HttpMethod, Operation> operations = path.readOperationsMap();
        operations.forEach((method, operation) -> {
            String key = method + " " + kind;
            operation.operationId(operationId(method, kind, entity));
            if (operation.getRequestBody() != null) {
                operation.getRequestBody().required(true); // no body is a 400
            }
            if (key.equals("GET collection")) {
                operation.setParameters(List.of(
                        new Parameter().in("query").name("offset").schema(new IntegerSchema()
                                .minimum(java.math.BigDecimal.ZERO).maximum(java.math.BigDecimal.valueOf(Integer.MAX_VALUE))
                                ._default(0)).description("rows to skip"),
                        new Parameter().in("query").name("limit").schema(new IntegerSchema()
                                .minimum(java.math.BigDecimal.ONE).maximum(java.math.BigDecimal.valueOf(maxLimit)))
                                .description("rows at most (shapes.paging.default-limit when absent)")));
            }
            ApiResponses responses = new ApiResponses();
            for (int status : RESPONSES.get(key)) {
                responses.addApiResponse(Integer.toString(status), response(status, key, entity));
            }
            responses.addApiResponse("503", problem("Nothing was written; the detail says why: "
                    + String.join(" | ", ProblemCatalogue.detailsOf(503))).addHeaderObject("Retry-After",
                    new Header().description("seconds to wait before retrying").schema(new IntegerSchema())));
            operation.setResponses(responses);
        });
    }

    private static ApiResponse response(int status, String key, String entity) {
        Schema<?> one = new Schema<>().$ref("#/components/schemas/" + entity);
        return switch (status) {
            case 200 -> key.equals("GET collection")
                    ? json("A page ordered by id", new ArraySchema().items(one)).addHeaderObject("Link",
                            new Header().description("rel=\"next\": the next page, when this one is full")
                                    .schema(new StringSchema()))
                    : json("The stored " + entity.toLowerCase(), one);
            case 201 -> linked(json("Stored", one).addHeaderObject("Location",
                    new Header().description("the new " + entity.toLowerCase()).schema(new StringSchema())), entity);
            case 204 -> new ApiResponse().description("Deleted");
            case 400 -> problem("The body or a query parameter is invalid; detail names the field");
            case 404 -> problem("No " + entity.toLowerCase() + " with this id");
            case 406 -> problem("Only application/json is produced");
            case 413 -> problem("The body is over shapes.request.max-body-size");
            case 415 -> problem("Not JSON, a charset other than UTF-8 or a Content-Encoding other than identity");
            default -> throw new IllegalArgumentException("no description of status " + status);
        };
    }

    /** The created entity's id, as the path parameter of the operations on one entity. */
    private static ApiResponse linked(ApiResponse created, String entity) {
        for (String operationId : List.of("get" + entity, "replace" + entity, "delete" + entity)) {
            created.link(operationId, new Link().operationId(operationId).parameters("id", "$response.body#/id"));
        }
        return created;
    }

    private static ApiResponse json(String description, Schema<?> schema) {
        return new ApiResponse().description(description)
                .content(new Content().addMediaType("application/json", new MediaType().schema(schema)));
    }

    private static ApiResponse problem(String description) {
        return new ApiResponse().description(description).content(new Content().addMediaType(Problem.MEDIA_TYPE,
                new MediaType().schema(new Schema<>().$ref("#/components/schemas/Problem"))));
    }

    private static String operationId(PathItem.HttpMethod method, String kind, String entity) {
        Map<String, String> verbs = new LinkedHashMap<>();
        verbs.put("GET collection", "list" + entity + "s");
        verbs.put("POST collection", "create" + entity);
        verbs.put("DELETE collection", "deleteAll" + entity + "s");
        verbs.put("GET item", "get" + entity);
        verbs.put("PUT item", "replace" + entity);
        verbs.put("DELETE item", "delete" + entity);
        return verbs.get(method + " " + kind);
    }

    /** The entity a concrete resource serves: the type argument of its generic base. */
    private static Class<?> entityOf(Class<?> resource) {
        return (Class<?>) ((ParameterizedType) resource.getGenericSuperclass()).getActualTypeArguments()[0];
    }
}
