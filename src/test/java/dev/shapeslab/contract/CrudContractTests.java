package dev.shapeslab.contract;

import static dev.shapeslab.contract.Api.APPLICATION_JSON;
import static dev.shapeslab.contract.Problems.assertProblem;
import static dev.shapeslab.contract.Problems.assertProblemNaming;
import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertNotEquals;
import static org.testng.Assert.assertNull;
import static org.testng.Assert.assertTrue;

import ch.qos.logback.classic.LoggerContext;
import com.fasterxml.jackson.databind.JsonNode;
import dev.shapeslab.contract.Api.Reply;
import dev.shapeslab.execution.HttpTestSupport;
import dev.shapeslab.execution.ThreadRecording;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.testng.ITestContext;
import org.testng.SkipException;
import dev.shapeslab.web.Problem;
import dev.shapeslab.web.ProblemCatalogue;
import dev.shapeslab.web.ResourcePaths;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPOutputStream;
import org.slf4j.LoggerFactory;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.testng.AbstractTestNGSpringContextTests;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/**
 * The HTTP contract of the service, written once and run for circles, rectangles and drawings. Each
 * subclass runs it on one combination of execution variant and backend, chosen by its profiles. With
 * {@link ThreadRecording}, as {@link HttpTestSupport}, so that the variant's other tests on the same profiles and
 * settings run in the same application context instead of one of their own.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Import(ThreadRecording.class)
public abstract class CrudContractTests extends AbstractTestNGSpringContextTests {

    private static final List<EntityFixture> ENTITIES =
            List.of(new CircleFixture(), new RectangleFixture(), new DrawingFixture());

    /** Keeps bodies of different tests apart, so no test can pass on another's data. */
    private static final AtomicInteger NEXT = new AtomicInteger(1);

    @LocalServerPort
    private int port;

    @LocalManagementPort
    private int managementPort;

    /** What this run asked and was answered: "METHOD /template STATUS", to hold the OpenAPI document to. */
    private final Set<String> exercised = ConcurrentHashMap.newKeySet();

    protected Api api() {
        return new Api(port, (request, reply) -> exercised.add(request.method() + " "
                + template(request.uri().getPath()) + " " + reply.statusCode()));
    }

    /** Requests to the management port, which are no part of the contract: not recorded. */
    private Api management() {
        return new Api(managementPort, (request, reply) -> { });
    }

    private static String template(String path) {
        return path.replaceAll("^(/[a-z]+)/[^/]+$", "$1/{id}");
    }

    @DataProvider
    public Object[][] entities() {
        return ENTITIES.stream().map(entity -> new Object[] {entity}).toArray(Object[][]::new);
    }

    @DataProvider
    public Object[][] invalidBodies() {
        List<Object[]> cases = new ArrayList<>();
        for (EntityFixture entity : ENTITIES) {
            entity.invalidBodies().forEach(body -> cases.add(new Object[] {entity, body}));
        }
        return cases.toArray(Object[][]::new);
    }

    // ---- seeing inside: the management port ----

    @Test
    public void theManagementPortShowsWhatRunsAndTheLabsMetrics() {
        assertNotEquals(managementPort, port, "management must not share the API's port");
        Reply info = management().get("/actuator/info");
        assertEquals(info.statusCode(), 200, info.asString());
        String variant = applicationContext.getBean(dev.shapeslab.execution.ExecutionVariant.class).name();
        assertEquals(info.textAt("shapes-lab.variant"), variant, info.asString());
        assertTrue(info.textAt("shapes-lab.backend").length() > 0, info.asString());
        assertFalse(info.asString().toLowerCase().matches(".*password=(?!\\*).*"), info.asString());

        assertEquals(api().get(ResourcePaths.CIRCLES + "?limit=1").statusCode(), 200);
        String metrics = management().get("/actuator/prometheus").asString();
        for (String metric : List.of("http_server_requests_seconds_bucket", "admission_inflight", "admission_limit",
                "admission_rejected_total", "admission_waiting", "admission_waited_total", "admission_timed_out_total",
                "jvm_threads_live_threads")) {
            assertTrue(metrics.contains(metric), metric + " missing from /actuator/prometheus");
        }
        boolean webflux = variant.equals("webflux");
        boolean vertx = variant.equals("vertx");
        boolean jetty = Arrays.asList(applicationContext.getEnvironment().getActiveProfiles()).contains("jetty");
        boolean tomcat = !webflux && !vertx && !jetty;
        String server = info.textAt("shapes-lab.server");
        assertTrue(server.startsWith(tomcat ? "Tomcat " : jetty ? "Jetty " : webflux ? "Netty" : "Vert.x"), server);
        assertEquals(metrics.contains("tomcat_threads_busy_threads"), !variant.equals("virtual") && tomcat,
                "Tomcat's request thread pool's metrics (virtual has no pool, webflux and vertx no Tomcat)");
        assertEquals(metrics.contains("jetty_threads_busy"), jetty,
                "Jetty's thread pool's metrics (under virtual, the pool of Jetty's own tasks)");
        assertFalse(metrics.contains("jetty_connections_"), "no per-connection metrics of Jetty's (Tomcat has none)");
        boolean database = applicationContext.getBeanNamesForType(javax.sql.DataSource.class).length > 0;
        assertEquals(metrics.contains("hikaricp_connections_pending"), database, "Hikari's pool metrics");
        assertEquals(metrics.contains("r2dbc_pool_pending"), onR2dbc(), "the R2DBC pool's metrics");
        // The harness reads each row's pool size from these (bench: ServerMetrics.poolSize).
        assertEquals(metrics.contains("hikaricp_connections_max{"), database, "Hikari's maximum");
        assertEquals(metrics.contains("r2dbc_pool_max_allocated{"), onR2dbc(), "the R2DBC pool's maximum");
        assertEquals(metrics.contains("executor_queued_tasks{name=\"async.blocking\""),
                variant.equals("async") && !onR2dbc(), "the async blocking pool's metrics");
        assertEquals(metrics.contains("executor_queued_tasks{name=\"webflux.blocking\""), webflux && !onR2dbc(),
                "the webflux blocking pool's metrics");
        boolean vertxPgClient = vertx && Arrays.asList(applicationContext.getEnvironment().getActiveProfiles()).contains("pg");
        assertEquals(metrics.contains("executor_queued_tasks{name=\"vertx.blocking\""), vertx && !vertxPgClient,
                "the vertx worker pool's metrics (none on pg, whose Vert.x client needs no worker)");
        assertEquals(metrics.contains("vertx_pg_pool_pending"), vertxPgClient, "the Vert.x PostgreSQL client pool's metrics");
        assertEquals(metrics.contains("vertx_pg_pool_max_size{"), vertxPgClient, "the Vert.x PostgreSQL client pool's maximum");
    }

    /** Whether the backend is r2dbc, where async and rxjava hold neither a thread nor a connection while they wait. */
    private boolean onR2dbc() {
        return Arrays.asList(applicationContext.getEnvironment().getActiveProfiles()).contains("r2dbc");
    }

    /**
     * A level check of a logger whose level is off costs the check alone: no Logback turbo filter runs on
     * every one (Boot's Logback metrics installed one; Hibernate checks TRACE for every value it reads).
     */
    @Test
    public void aLoggersLevelCheckRunsNoTurboFilter() {
        LoggerContext logging = (LoggerContext) LoggerFactory.getILoggerFactory();
        assertEquals(logging.getTurboFilterList().stream().map(filter -> filter.getClass().getName()).toList(),
                List.of());
        String metrics = management().get("/actuator/prometheus").asString();
        assertFalse(metrics.contains("logback_events"), "Boot's Logback metrics are off");
    }

    /**
     * Jackson keeps its read and write buffers in a pool per thread, which a pool of request threads reuses;
     * under {@code virtual}, where every request runs on a new thread, the pool is the mapper's own instead.
     */
    @Test
    public void jacksonReusesItsBuffersAcrossRequestsInEveryVariant() {
        String variant = applicationContext.getBean(dev.shapeslab.execution.ExecutionVariant.class).name();
        Object pool = applicationContext.getBean(com.fasterxml.jackson.databind.ObjectMapper.class).getFactory()
                ._getRecyclerPool();
        assertEquals(pool instanceof com.fasterxml.jackson.core.util.JsonRecyclerPools.ThreadLocalPool,
                !variant.equals("virtual"), "a pool per thread: " + pool.getClass().getName());
    }

    /**
     * The OpenAPI document promises nothing this suite does not exercise: every operation and status it
     * documents was asked and answered in this run. (503 is documented for every operation and exercised by
     * the fault tests, which take the database down; it is left out here.) Runs last, and only when the
     * whole class ran.
     */
    @Test(priority = Integer.MAX_VALUE)
    public void everyDocumentedOperationAndStatusIsExercised(ITestContext context) {
        long declared = Arrays.stream(CrudContractTests.class.getMethods())
                .filter(m -> m.isAnnotationPresent(Test.class)).count();
        if (context.getAllTestMethods().length < declared) {
            throw new SkipException("only part of the contract ran");
        }
        Reply document = api().get("/openapi.json");
        assertEquals(document.statusCode(), 200);
        JsonNode paths = document.json().get("paths");
        Set<String> documented = new TreeSet<>();
        paths.fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(operation ->
                operation.getValue().get("responses").fieldNames().forEachRemaining(status -> {
                    if (!status.equals("503")) {
                        documented.add(operation.getKey().toUpperCase() + " " + path.getKey() + " " + status);
                    }
                })));
        Set<String> missing = new TreeSet<>(documented);
        missing.removeAll(exercised);
        assertTrue(missing.isEmpty(), "documented but never exercised: " + missing);
    }

    // ---- the happy paths ----

    @Test(dataProvider = "entities")
    public void postStoresTheEntityAndAnswers201WithItsLocation(EntityFixture entity) {
        String body = entity.body(NEXT.getAndIncrement());
        Reply created = post(entity, body);

        assertEquals(created.statusCode(), 201, created.asString());
        long id = created.longAt("id");
        assertTrue(created.header("Location").endsWith(entity.path() + "/" + id), created.header("Location"));
        assertEquals(entity.content(created.asString()), entity.content(body));
        Reply read = api().get(created.header("Location"));
        assertEquals(read.statusCode(), 200);
        assertEquals(entity.content(read.asString()), entity.content(body));
    }

    @Test(dataProvider = "entities")
    public void putReplacesTheEntityAndAnswersTheStoredOne(EntityFixture entity) {
        long id = create(entity);
        String replacement = entity.body(NEXT.getAndIncrement());

        Reply updated = api().contentType(APPLICATION_JSON).body(replacement).put(entity.path() + "/" + id);

        assertEquals(updated.statusCode(), 200, updated.asString());
        assertEquals(updated.longAt("id"), id);
        assertEquals(entity.content(updated.asString()), entity.content(replacement));
        assertEquals(entity.content(read(entity, id)), entity.content(replacement));
    }

    @Test(dataProvider = "entities")
    public void putAcceptsABodyIdEqualToThePathId(EntityFixture entity) {
        long id = create(entity);
        String replacement = withId(entity.body(NEXT.getAndIncrement()), id);

        Reply updated = api().contentType(APPLICATION_JSON).body(replacement).put(entity.path() + "/" + id);

        assertEquals(updated.statusCode(), 200, updated.asString());
        assertEquals(entity.content(read(entity, id)), entity.content(replacement));
    }

    @Test(dataProvider = "entities")
    public void deleteRemovesTheEntity(EntityFixture entity) {
        long id = create(entity);

        assertEquals(api().delete(entity.path() + "/" + id).statusCode(), 204);

        assertProblem(api().get(entity.path() + "/" + id), 404);
        assertProblem(api().delete(entity.path() + "/" + id), 404);
    }

    @Test(dataProvider = "entities")
    public void deleteAllRemovesEveryEntityOfThatType(EntityFixture entity) {
        create(entity);
        create(entity);

        assertEquals(api().delete(entity.path()).statusCode(), 204);

        assertEquals(count(entity), 0);
    }

    @Test(dataProvider = "entities")
    public void listsPageByPageInIdOrderWithALinkToTheNextFullPage(EntityFixture entity) {
        api().delete(entity.path());
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ids.add(create(entity));
        }

        List<Long> seen = new ArrayList<>();
        String next = entity.path() + "?limit=2";
        List<Integer> pageSizes = new ArrayList<>();
        while (next != null) {
            Reply page = api().get(next);
            assertEquals(page.statusCode(), 200, page.asString());
            List<Long> pageIds = page.longsAt("id");
            pageSizes.add(pageIds.size());
            seen.addAll(pageIds);
            next = nextLink(page);
        }

        assertEquals(seen, ids);
        // 2 + 2 + 1: the last, partial page has no next link; an exact multiple would end with an empty page.
        assertEquals(pageSizes, List.of(2, 2, 1));
        Reply tail = api().get(entity.path() + "?offset=4&limit=2");
        assertEquals(tail.longsAt("id"), ids.subList(4, 5));
        assertNull(tail.header("Link"));
        assertEquals(api().get(entity.path() + "?offset=5").at("id").size(), 0);
    }

    @Test(dataProvider = "entities")
    public void listGivesEachEntityItsFullContent(EntityFixture entity) {
        api().delete(entity.path());
        String body = entity.body(NEXT.getAndIncrement());
        post(entity, body);

        JsonNode list = api().get(entity.path()).json();

        assertEquals(list.size(), 1);
        assertEquals(entity.content(list.get(0)), entity.content(body));
    }

    @Test
    public void listedShapesKeepTheirShapeType() {
        post(new CircleFixture(), new CircleFixture().body(NEXT.getAndIncrement()));
        post(new RectangleFixture(), new RectangleFixture().body(NEXT.getAndIncrement()));

        assertTrue(api().get(ResourcePaths.CIRCLES).textsAt("shapeType").stream()
                .allMatch("circle"::equals));
        assertTrue(api().get(ResourcePaths.RECTANGLES).textsAt("shapeType").stream()
                .allMatch("rectangle"::equals));
        assertFalse(api().get(ResourcePaths.CIRCLES).textsAt("shapeType").isEmpty());
    }

    @Test
    public void textBeyondAsciiIsStoredAsSentRawOrEscaped() {
        // Letters, spaces and an emoji, which in Java (and a JSON escape) is a surrogate pair.
        String text = "Gr\u00fcn \u6f22\u5b57 \uD83C\uDFA8";
        Reply circle = post(new CircleFixture(), CircleFixture.circle(text, EntityFixture.position(1), "2"));
        Reply drawing = post(new DrawingFixture(),
                DrawingFixture.drawing("Gr\\u00fcn \\u6f22\\u5b57 \\uD83C\\uDFA8", "[]"));

        assertEquals(circle.statusCode(), 201, circle.asString());
        assertEquals(api().get(circle.header("Location")).textAt("colour"), text);
        assertEquals(drawing.statusCode(), 201, drawing.asString());
        assertEquals(api().get(drawing.header("Location")).textAt("name"), text);
    }

    // ---- not found ----

    @Test(dataProvider = "entities")
    public void getOfAnUnknownIdIs404(EntityFixture entity) {
        assertProblemNaming(api().get(entity.path() + "/" + Long.MAX_VALUE), 404, String.valueOf(Long.MAX_VALUE));
    }

    @Test(dataProvider = "entities")
    public void putOfAnUnknownIdIs404AndCreatesNothing(EntityFixture entity) {
        int before = count(entity);

        Reply response = api().contentType(APPLICATION_JSON).body(entity.body(NEXT.getAndIncrement()))
                .put(entity.path() + "/" + Long.MAX_VALUE);

        assertProblem(response, 404);
        assertEquals(count(entity), before);
    }

    @Test(dataProvider = "entities")
    public void deleteOfAnUnknownIdIs404(EntityFixture entity) {
        assertProblem(api().delete(entity.path() + "/" + Long.MAX_VALUE), 404);
    }

    @Test(dataProvider = "entities")
    public void aNonNumericIdIs404(EntityFixture entity) {
        assertProblem(api().get(entity.path() + "/abc"), 404);
    }

    // ---- rejected writes change nothing ----

    @Test(dataProvider = "invalidBodies")
    public void postOfAnInvalidBodyIs400NamingTheFieldAndStoresNothing(EntityFixture entity,
                                                                       EntityFixture.InvalidBody body) {
        int before = count(entity);

        assertProblemNaming(post(entity, body.json()), 400, body.field());

        assertEquals(count(entity), before);
    }

    @Test(dataProvider = "invalidBodies")
    public void putOfAnInvalidBodyIs400NamingTheFieldAndChangesNothing(EntityFixture entity,
                                                                      EntityFixture.InvalidBody body) {
        long id = create(entity);
        String before = read(entity, id);

        Reply response = api().contentType(APPLICATION_JSON).body(body.json()).put(entity.path() + "/" + id);

        assertProblemNaming(response, 400, body.field());
        assertEquals(read(entity, id), before);
    }

    @Test(dataProvider = "entities")
    public void postCarryingTheIdOfAnExistingRowIs400AndLeavesThatRowAsItWas(EntityFixture entity) {
        long id = create(entity);
        String before = read(entity, id);
        int count = count(entity);

        assertProblemNaming(post(entity, withId(entity.body(NEXT.getAndIncrement()), id)), 400, "id");

        assertEquals(read(entity, id), before);
        assertEquals(count(entity), count);
    }

    @Test(dataProvider = "entities")
    public void putWithABodyIdOtherThanThePathIdIs400AndChangesNeither(EntityFixture entity) {
        long id = create(entity);
        long other = create(entity);
        String before = read(entity, id);
        String otherBefore = read(entity, other);

        Reply response = api().contentType(APPLICATION_JSON)
                .body(withId(entity.body(NEXT.getAndIncrement()), other)).put(entity.path() + "/" + id);

        assertProblemNaming(response, 400, "id");
        assertEquals(read(entity, id), before);
        assertEquals(read(entity, other), otherBefore);
    }

    @Test(dataProvider = "entities")
    public void unknownPropertiesAre400(EntityFixture entity) {
        int before = count(entity);
        String body = entity.body(NEXT.getAndIncrement()).replaceFirst("\\{", "{\"sneaky\":true,");

        assertProblemNaming(post(entity, body), 400, "sneaky");

        assertEquals(count(entity), before);
    }

    @Test(dataProvider = "entities")
    public void malformedJsonIs400(EntityFixture entity) {
        int before = count(entity);

        assertProblemNaming(post(entity, "{,\"colour\": \"red\"}"), 400, "malformed JSON");

        assertEquals(count(entity), before);
    }

    @Test(dataProvider = "entities")
    public void anEmptyBodyIs400(EntityFixture entity) {
        assertProblemNaming(api().contentType(APPLICATION_JSON).post(entity.path()), 400, "body");
    }

    @Test(dataProvider = "entities")
    public void aBodyThatIsNotJsonIs415(EntityFixture entity) {
        int before = count(entity);

        // As REST Assured's ContentType.TEXT sent it.
        Reply response = api().contentType("text/plain; charset=ISO-8859-1").body(entity.body(1))
                .post(entity.path());

        assertProblem(response, 415);
        assertEquals(count(entity), before);
    }

    @Test(dataProvider = "entities")
    public void aCharsetOtherThanUtf8Is415AndWritesNothing(EntityFixture entity) {
        long id = create(entity);
        String before = read(entity, id);
        int count = count(entity);

        for (String charset : List.of("ISO-8859-1", "UTF-16", "\"windows-1252\"")) {
            String type = "application/json; charset=" + charset;
            assertProblemNaming(api().contentType(type).body(entity.body(NEXT.getAndIncrement()))
                    .post(entity.path()), 415, "UTF-8");
            assertProblemNaming(api().contentType(type).body(entity.body(NEXT.getAndIncrement()))
                    .put(entity.path() + "/" + id), 415, "UTF-8");
        }

        assertEquals(count(entity), count);
        assertEquals(read(entity, id), before);
    }

    @Test(dataProvider = "entities")
    public void aContentEncodingOtherThanIdentityIs415WithAcceptEncodingIdentityAndWritesNothing(EntityFixture entity)
            throws IOException {
        long id = create(entity);
        String before = read(entity, id);
        int count = count(entity);
        byte[] gzipped = gzip(entity.body(NEXT.getAndIncrement()));

        Reply post = api().contentType(APPLICATION_JSON).header("Content-Encoding", "gzip").body(gzipped)
                .post(entity.path());
        Reply put = api().contentType(APPLICATION_JSON).header("Content-Encoding", "identity, gzip").body(gzipped)
                .put(entity.path() + "/" + id);

        for (Reply response : List.of(post, put)) {
            assertProblemNaming(response, 415, "Content-Encoding");
            assertEquals(response.header("Accept-Encoding"), "identity");
        }
        assertEquals(count(entity), count);
        assertEquals(read(entity, id), before);
    }

    @Test(dataProvider = "entities")
    public void utf8InAnySpellingAndTheIdentityEncodingAreAccepted(EntityFixture entity) {
        for (String type : List.of("application/json; charset=utf-8", "application/json;CHARSET=\"Utf-8\"")) {
            Reply created = api().contentType(type).body(entity.body(NEXT.getAndIncrement())).post(entity.path());
            assertEquals(created.statusCode(), 201, type + ": " + created.asString());
        }
        Reply identity = api().contentType(APPLICATION_JSON).header("Content-Encoding", "Identity")
                .body(entity.body(NEXT.getAndIncrement())).post(entity.path());
        assertEquals(identity.statusCode(), 201, identity.asString());
    }

    @Test
    public void headersAboutABodyDoNotMatterOnARequestWithoutOne() {
        Reply list = api().contentType("application/json; charset=ISO-8859-1").header("Content-Encoding", "gzip")
                .get(ResourcePaths.CIRCLES);

        assertEquals(list.statusCode(), 200, list.asString());
    }

    @Test(dataProvider = "entities")
    public void aBodyOverTheLimitIs413WhetherItsLengthIsDeclaredOrNot(EntityFixture entity) {
        int before = count(entity);
        byte[] oversized = ("{\"name\":\"" + "x".repeat(1024 * 1024) + "\"}").getBytes();

        assertProblem(api().contentType(APPLICATION_JSON).body(oversized).post(entity.path()), 413);
        // An InputStream body goes chunked: no Content-Length to refuse it by, so it is cut off while read.
        assertProblem(api().contentType(APPLICATION_JSON).body(new ByteArrayInputStream(oversized))
                .post(entity.path()), 413);
        long id = create(entity);
        assertProblem(api().contentType(APPLICATION_JSON).body(oversized).put(entity.path() + "/" + id), 413);

        assertEquals(count(entity), before + 1);
    }

    @Test(dataProvider = "entities")
    public void onlyJsonIsProducedAnythingElseAsked406(EntityFixture entity) {
        long id = create(entity);
        String body = entity.body(NEXT.getAndIncrement());

        assertProblem(api().accept("text/csv").get(entity.path()), 406);
        assertProblem(api().accept("text/csv").get(entity.path() + "/" + id), 406);
        assertProblem(api().accept("text/csv").contentType(APPLICATION_JSON).body(body).post(entity.path()), 406);
        assertProblem(api().accept("text/csv").contentType(APPLICATION_JSON).body(body)
                .put(entity.path() + "/" + id), 406);
    }

    @Test(dataProvider = "entities")
    public void listRejectsOutOfRangePagingParameters(EntityFixture entity) {
        assertProblemNaming(api().get(entity.path() + "?offset=-1"), 400, "offset");
        assertProblemNaming(api().get(entity.path() + "?limit=0"), 400, "limit");
        assertProblemNaming(api().get(entity.path() + "?limit=1001"), 400, "limit");
        assertProblemNaming(api().get(entity.path() + "?limit=ten"), 400, "limit");
    }

    @Test
    public void jerseysOwnRejectionsAreProblemJsonToo() {
        assertProblem(api().get("/no-such-resource"), 404);
        Reply notAllowed = api().contentType(APPLICATION_JSON).body("{}").patch(ResourcePaths.CIRCLES);
        assertProblem(notAllowed, 405);
        assertTrue(notAllowed.header("Allow").contains("GET"), notAllowed.header("Allow"));
        assertProblem(api().accept("text/csv").get(ResourcePaths.CIRCLES), 406);
    }

    /** Every server answers a refusal in its catalogue entry's words: status, title, detail and header. */
    @Test
    public void eachRefusalIsItsCatalogueEntryWordForWord() throws IOException {
        String circles = ResourcePaths.CIRCLES;
        assertEntry(api().get("/no-such-resource"), ProblemCatalogue.NO_RESOURCE, "/no-such-resource");
        assertEntry(api().get(circles + "/ten"), ProblemCatalogue.NO_RESOURCE, circles + "/ten");
        Reply notAllowed = api().contentType(APPLICATION_JSON).body("{}").patch(circles);
        assertEntry(notAllowed, ProblemCatalogue.METHOD_NOT_ALLOWED, notAllowed.header("Allow"));
        assertEntry(api().accept("text/csv").get(circles), ProblemCatalogue.NOT_ACCEPTABLE);
        assertEntry(api().get(circles + "?limit=0"), ProblemCatalogue.OUT_OF_RANGE, "limit", 1, 1000);
        assertEntry(api().contentType("text/plain; charset=UTF-8").body("{}").post(circles), ProblemCatalogue.NOT_JSON);
        assertEntry(api().contentType("application/json; charset=ISO-8859-1").body("{}").post(circles),
                ProblemCatalogue.NOT_UTF8);
        Reply encoded = api().contentType(APPLICATION_JSON).header("Content-Encoding", "gzip").body(gzip("{}"))
                .post(circles);
        assertEntry(encoded, ProblemCatalogue.CONTENT_ENCODED);
        assertEquals(encoded.header("Accept-Encoding"), "identity");
        byte[] oversized = ("{\"name\":\"" + "x".repeat(1024 * 1024) + "\"}").getBytes();
        assertEntry(api().contentType(APPLICATION_JSON).body(oversized).post(circles), ProblemCatalogue.BODY_TOO_LARGE,
                1024 * 1024);
    }

    private static void assertEntry(Reply response, ProblemCatalogue entry, Object... values) {
        JsonNode problem = assertProblem(response, entry.status());
        Problem expected = entry.problem(problem.get("instance").asText(), values);
        assertEquals(problem.get("title").asText(), expected.title(), response.asString());
        assertEquals(problem.get("detail").asText(), expected.detail(), response.asString());
    }

    // ---- drawings own their shapes ----

    @Test
    public void aDrawingKeepsTwoIdenticalShapesAsTwoInTheOrderSent() {
        String circle = DrawingFixture.circleIn(7);
        String body = DrawingFixture.drawing("twins", "[" + circle + "," + circle + ","
                + DrawingFixture.rectangleIn(8) + "]");

        Reply created = post(new DrawingFixture(), body);

        assertEquals(created.statusCode(), 201, created.asString());
        JsonNode shapes = api().get(created.header("Location")).json().get("shapes");
        assertEquals(shapes.size(), 3);
        assertEquals(shapes.get(0).get("shapeType").asText(), "circle");
        assertEquals(shapes.get(1).get("shapeType").asText(), "circle");
        assertEquals(shapes.get(2).get("shapeType").asText(), "rectangle");
        assertNotEquals(shapes.get(0).get("id"), shapes.get(1).get("id"));
        assertEquals(new CircleFixture().content(shapes.get(0)), new CircleFixture().content(shapes.get(1)));
    }

    @Test
    public void putOfADrawingReplacesItsShapesAndTheOldOnesAreGone() {
        api().delete(ResourcePaths.CIRCLES);
        DrawingFixture drawings = new DrawingFixture();
        Reply created = post(drawings, DrawingFixture.drawing("before",
                "[" + DrawingFixture.circleIn(1) + "," + DrawingFixture.circleIn(2) + "]"));
        long id = created.longAt("id");
        List<Long> oldShapeIds = created.longsAt("shapes.id");

        Reply updated = api().contentType(APPLICATION_JSON)
                .body(DrawingFixture.drawing("after", "[" + DrawingFixture.rectangleIn(3) + "]"))
                .put(drawings.path() + "/" + id);

        assertEquals(updated.statusCode(), 200, updated.asString());
        Reply read = api().get(drawings.path() + "/" + id);
        assertEquals(read.textsAt("shapes.shapeType"), List.of("rectangle"));
        List<Long> newShapeIds = read.longsAt("shapes.id");
        assertTrue(newShapeIds.stream().noneMatch(oldShapeIds::contains), oldShapeIds + " vs " + newShapeIds);
        // Orphaned shapes must not resurface as standalone circles.
        assertEquals(count(new CircleFixture()), 0);
        for (long shapeId : oldShapeIds) {
            assertProblem(api().get(ResourcePaths.CIRCLES + "/" + shapeId), 404);
        }
    }

    @Test
    public void deletingADrawingDeletesItsShapes() {
        api().delete(ResourcePaths.CIRCLES);
        api().delete(ResourcePaths.RECTANGLES);
        Reply created = post(new DrawingFixture(), DrawingFixture.drawing("doomed",
                "[" + DrawingFixture.circleIn(1) + "," + DrawingFixture.rectangleIn(2) + "]"));

        assertEquals(api().delete(created.header("Location")).statusCode(), 204);

        assertProblem(api().get(created.header("Location")), 404);
        assertEquals(count(new CircleFixture()), 0);
        assertEquals(count(new RectangleFixture()), 0);
    }

    @Test
    public void aDrawingsShapesAreNotStandaloneShapes() {
        Reply created = post(new DrawingFixture(), DrawingFixture.drawing("owner",
                "[" + DrawingFixture.circleIn(4) + "]"));
        long shapeId = created.longsAt("shapes.id").get(0);

        assertProblem(api().get(ResourcePaths.CIRCLES + "/" + shapeId), 404);
        assertProblem(api().delete(ResourcePaths.CIRCLES + "/" + shapeId), 404);
        assertFalse(api().get(ResourcePaths.CIRCLES + "?limit=1000").longsAt("id").contains(shapeId));
        // ...and the drawing stays whole and deletable (the original could no longer delete it).
        assertEquals(api().get(created.header("Location")).at("shapes").size(), 1);
        assertEquals(api().delete(created.header("Location")).statusCode(), 204);
    }

    @Test
    public void theServerSetsTheCreationDateAndKeepsItOnUpdate() {
        DrawingFixture drawings = new DrawingFixture();
        Reply created = post(drawings, DrawingFixture.drawing("dated", "[]")
                .replaceFirst("\\{", "{\"creationDate\":\"2001-02-03T04:05:06Z\","));
        String creationDate = created.textAt("creationDate");
        assertNotEquals(creationDate, "2001-02-03T04:05:06Z");
        assertTrue(creationDate.matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z"), creationDate);

        Reply updated = api().contentType(APPLICATION_JSON)
                .body(DrawingFixture.drawing("renamed", "[]").replaceFirst("\\{", "{\"creationDate\":\"1999-01-01T00:00:00Z\","))
                .put(created.header("Location"));

        assertEquals(updated.textAt("creationDate"), creationDate);
        assertEquals(api().get(created.header("Location")).textAt("creationDate"), creationDate);
    }

    @Test
    public void payloadsOfTheOriginalSeriesWithDotClassTypeNamesAreAccepted() {
        String body = DrawingFixture.drawing("legacy", "[" + DrawingFixture.circleIn(1).replace("\"circle\"", "\".Circle\"")
                + "," + DrawingFixture.rectangleIn(2).replace("\"rectangle\"", "\".Rectangle\"") + "]");

        Reply created = post(new DrawingFixture(), body);

        assertEquals(created.statusCode(), 201, created.asString());
        assertEquals(created.textsAt("shapes.shapeType"), List.of("circle", "rectangle"));
        Reply circle = post(new CircleFixture(), new CircleFixture().body(1).replaceFirst("\\{", "{\"shapeType\":\".Circle\","));
        assertEquals(circle.statusCode(), 201, circle.asString());
    }

    // ---- helpers ----

    protected Reply post(EntityFixture entity, String body) {
        return api().contentType(APPLICATION_JSON).body(body).post(entity.path());
    }

    protected long create(EntityFixture entity) {
        Reply created = post(entity, entity.body(NEXT.getAndIncrement()));
        assertEquals(created.statusCode(), 201, created.asString());
        return created.longAt("id");
    }

    private String read(EntityFixture entity, long id) {
        Reply read = api().get(entity.path() + "/" + id);
        assertEquals(read.statusCode(), 200, read.asString());
        return read.asString();
    }

    /**
     * How many entities the list endpoint holds, page by page: the contract counts before and after every rejected
     * write, and the lists grow to hundreds of entities as the contract runs.
     */
    protected int count(EntityFixture entity) {
        int total = 0;
        for (int offset = 0; ; offset += 1000) {
            Reply page = api().get(entity.path() + "?limit=1000&offset=" + offset);
            assertEquals(page.statusCode(), 200, page.asString());
            JsonNode entities = page.json();
            assertTrue(entities.isArray(), page.asString());
            int size = entities.size();
            total += size;
            if (size < 1000) {
                return total;
            }
        }
    }

    private static byte[] gzip(String text) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return bytes.toByteArray();
    }

    private static String withId(String body, long id) {
        return body.replaceFirst("\\{", "{\"id\":" + id + ",");
    }

    private static String nextLink(Reply page) {
        String link = page.header("Link");
        if (link == null) {
            return null;
        }
        assertTrue(link.endsWith("rel=\"next\""), link);
        String uri = link.substring(link.indexOf('<') + 1, link.indexOf('>'));
        return uri.substring(uri.indexOf('/', "http://".length()));
    }
}
