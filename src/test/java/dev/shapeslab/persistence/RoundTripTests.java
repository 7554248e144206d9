package dev.shapeslab.persistence;

import static org.awaitility.Awaitility.await;
import static org.testng.Assert.assertEquals;

import dev.shapeslab.execution.HttpTestSupport;
import dev.shapeslab.web.ResourcePaths;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/**
 * How many times a request waits for PostgreSQL, per request type and driver: each request is sent through a
 * {@link RoundTripCounter} in front of the test database, after warm-up (prepared statements cached, the driver's
 * switch to server-side statements passed), and its round trips are asserted to be exactly those of {@link Request}
 * for the subclass's {@link Driver}; the fewest of {@value #MEASURED} runs, since an app thread descheduled for longer
 * than the counter holds an answer back ({@link RoundTripCounter#ANSWER_DELAY_MILLIS}) between two pipelined writes
 * makes one run look one round trip longer, never shorter. The pools hold one connection (two under JDBC: Flyway
 * needs a second as the app starts), so that every request finds the statements its warm-up prepared; a pool of ten
 * makes the same round trips once each of its connections is warm. A connection's
 * opening, and HikariCP's check of a connection idle longer than 500 ms (one more round trip), are not counted (the
 * JDBC subclass turns the check off). The table and what changed: docs/notebook/2026-11-27-round-trips-per-request.md.
 */
public abstract class RoundTripTests extends HttpTestSupport {

    private static final int WARM_UP = 12;
    private static final int MEASURED = 3;
    /** No traffic for this long after the answer: the request's last round trip is over. */
    private static final long QUIET_MILLIS = 8 * RoundTripCounter.ANSWER_DELAY_MILLIS;

    private static final String CIRCLE = "{\"colour\":\"red\",\"position\":{\"x\":1.5,\"y\":2.5},\"radius\":3}";
    private static final String RECTANGLE = "{\"colour\":\"blue\",\"position\":{\"x\":1,\"y\":2},\"width\":3,\"height\":4}";
    private static final String DRAWING = "{\"name\":\"three\",\"shapes\":["
            + "{\"shapeType\":\"circle\",\"colour\":\"red\",\"position\":{\"x\":1,\"y\":1},\"radius\":1},"
            + "{\"shapeType\":\"rectangle\",\"colour\":\"green\",\"position\":{\"x\":2,\"y\":2},\"width\":2,\"height\":3},"
            + "{\"shapeType\":\"circle\",\"colour\":\"blue\",\"position\":{\"x\":3,\"y\":3},\"radius\":4}]}";

    /** The drivers, by the stores that use them. */
    public enum Driver { JDBC, R2DBC, VERTX }

    /**
     * The request types, and the round trips each makes per driver: JDBC, R2DBC, Vert.x client. Each is one statement,
     * a write in the database's auto-commit (no BEGIN nor COMMIT), a drawing with its shapes included (PostgresSql).
     * Before, a write was a transaction: JDBC sent the BEGIN with the first statement, then each statement and the
     * COMMIT (and its creates one more round trip whenever Hibernate's block of 50 ids ran out); R2DBC sent the BEGIN
     * alone; the Vert.x client pipelined the BEGIN with the first statement. Those counts are in the comments.
     */
    public enum Request {
        GET_CIRCLE(1, 1, 1),
        GET_DRAWING(1, 1, 1),
        LIST_CIRCLES(1, 1, 1),
        LIST_DRAWINGS(1, 1, 1),
        CREATE_CIRCLE(1, 1, 1),          // before: 2, 3, 2
        CREATE_RECTANGLE(1, 1, 1),       // before: 2, 3, 2
        CREATE_DRAWING_OF_3(1, 1, 1),    // before: 4, 6, 3
        UPDATE_CIRCLE(1, 1, 1),          // before: 3, 3, 2
        UPDATE_DRAWING_OF_3(1, 1, 1),    // before: 8, 7, 4
        DELETE_CIRCLE(1, 1, 1),          // before: 2, 3, 2
        DELETE_DRAWING_OF_3(1, 1, 1);    // before: 3, 4, 2

        private final int[] roundTrips;

        Request(int... roundTrips) {
            this.roundTrips = roundTrips;
        }

        int roundTrips(Driver driver) {
            return roundTrips[driver.ordinal()];
        }
    }

    /** The proxy the subclass points its backend at. */
    protected abstract RoundTripCounter counter();

    protected abstract Driver driver();

    /** A counter in front of the test database, for a subclass's {@code @DynamicPropertySource}. */
    protected static RoundTripCounter counterInFrontOfTheTestDatabase() {
        try {
            return new RoundTripCounter(InetAddress.getByName(PostgresTestDatabase.HOST), PostgresTestDatabase.PORT);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    @DataProvider
    public Object[][] requests() {
        return Arrays.stream(Request.values()).map(request -> new Object[] {request}).toArray(Object[][]::new);
    }

    @Test(dataProvider = "requests")
    public void aRequestMakesItsRoundTrips(Request request) throws InterruptedException {
        Function<Integer, HttpRequest> send = prepare(request);
        for (int i = 0; i < WARM_UP; i++) {
            answered(send.apply(-1 - i));
        }
        List<RoundTripCounter.Count> counts = new ArrayList<>();
        for (int i = 0; i < MEASURED; i++) {
            HttpRequest measured = send.apply(i);
            counter().settled(QUIET_MILLIS);
            counter().reset();
            answered(measured);
            counts.add(counter().settled(QUIET_MILLIS));
        }
        System.out.printf("[round trips] %s %s: %s%n", driver(), request, counts);
        int fewest = counts.stream().mapToInt(RoundTripCounter.Count::roundTrips).min().orElseThrow();
        assertEquals(fewest, request.roundTrips(driver()), request + " on " + driver() + ": " + counts);
    }

    /**
     * A replace of a drawing that waits for another replace of it to commit ({@code PostgresSql.Drawings.REPLACE}): its
     * statement's snapshot is older than the other's shapes, so it finds the drawing's row changed, writes nothing,
     * and is sent again: two round trips, and the drawing keeps its shapes alone. Without the check, the other's
     * shapes stayed beside its own.
     */
    @Test
    public void aDrawingReplacedWhileAnotherReplaceOfItCommitsKeepsOnlyItsOwnShapes() throws Exception {
        String path = created(ResourcePaths.DRAWINGS, DRAWING);
        long id = Long.parseLong(path.substring(path.lastIndexOf('/') + 1));
        for (int i = 0; i < WARM_UP; i++) {
            answered(put(path, DRAWING));
        }
        try (Connection other = PostgresTestDatabase.connect(); Statement concurrent = other.createStatement()) {
            other.setAutoCommit(false);
            concurrent.executeUpdate("update drawing set name = 'theirs' where id = " + id);
            concurrent.executeUpdate("delete from shape where drawing_id = " + id);
            concurrent.executeUpdate("insert into shape (id, shape_type, colour, position_x, position_y, radius,"
                    + " drawing_id, shape_index) values (nextval('shape_seq'), 'circle', 'theirs', 0, 0, 1, " + id + ", 0)");
            counter().settled(QUIET_MILLIS);
            counter().reset();
            CompletableFuture<HttpResponse<String>> mine = send(put(path, DRAWING.replace("\"three\"", "\"mine\"")));
            await().atMost(Duration.ofSeconds(10)).until(() -> sessionsWaitingForALock() == 1);
            other.commit();
            HttpResponse<String> replaced = mine.join();
            assertEquals(replaced.statusCode(), 200, replaced.body());
            try (ResultSet shapes = concurrent.executeQuery("select d.name, s.colour from drawing d"
                    + " join shape s on s.drawing_id = d.id where d.id = " + id + " order by s.shape_index")) {
                List<String> stored = new ArrayList<>();
                while (shapes.next()) {
                    stored.add(shapes.getString(1) + ":" + shapes.getString(2));
                }
                assertEquals(stored, List.of("mine:red", "mine:green", "mine:blue"));
            }
            assertEquals(counter().settled(QUIET_MILLIS).roundTrips(), 2, "round trips of a replace sent again");
        }
    }

    /**
     * The app's sessions waiting for a lock, read on a connection of its own: within a transaction, PostgreSQL answers
     * the same activity every time. The tests' own sessions do not count (the other JVM's waits for this one's).
     */
    private static int sessionsWaitingForALock() throws SQLException {
        try (Connection connection = PostgresTestDatabase.connect(); Statement query = connection.createStatement();
             ResultSet waiting = query.executeQuery("select count(*) from pg_stat_activity where wait_event_type = 'Lock'"
                     + " and application_name not like 'shapes-lab-tests%'")) {
            waiting.next();
            return waiting.getInt(1);
        }
    }

    /**
     * What sends request {@code type}, given its run's number (negative in the warm-up): anything the request needs
     * (an entity to delete) is made here, before the count starts.
     */
    private Function<Integer, HttpRequest> prepare(Request type) {
        return switch (type) {
            case GET_CIRCLE -> {
                String path = created(ResourcePaths.CIRCLES, CIRCLE);
                yield run -> read(path);
            }
            case GET_DRAWING -> {
                String path = created(ResourcePaths.DRAWINGS, DRAWING);
                yield run -> read(path);
            }
            case LIST_CIRCLES -> {
                created(ResourcePaths.CIRCLES, CIRCLE);
                yield run -> read(ResourcePaths.CIRCLES + "?limit=10");
            }
            case LIST_DRAWINGS -> {
                created(ResourcePaths.DRAWINGS, DRAWING);
                yield run -> read(ResourcePaths.DRAWINGS + "?limit=10");
            }
            case CREATE_CIRCLE -> run -> post(ResourcePaths.CIRCLES, CIRCLE);
            case CREATE_RECTANGLE -> run -> post(ResourcePaths.RECTANGLES, RECTANGLE);
            case CREATE_DRAWING_OF_3 -> run -> post(ResourcePaths.DRAWINGS, DRAWING);
            case UPDATE_CIRCLE -> {
                String path = created(ResourcePaths.CIRCLES, CIRCLE);
                yield run -> put(path, CIRCLE.replace("\"red\"", "\"red-" + run + "\""));
            }
            case UPDATE_DRAWING_OF_3 -> {
                String path = created(ResourcePaths.DRAWINGS, DRAWING);
                yield run -> put(path, DRAWING.replace("\"three\"", "\"three-" + run + "\""));
            }
            case DELETE_CIRCLE -> run -> delete(created(ResourcePaths.CIRCLES, CIRCLE));
            case DELETE_DRAWING_OF_3 -> run -> delete(created(ResourcePaths.DRAWINGS, DRAWING));
        };
    }

    private void answered(HttpRequest request) {
        HttpResponse<String> response = send(request).join();
        assertEquals(response.statusCode() / 100, 2, request + ": " + response.body());
    }

    /** Creates an entity (not counted) and answers its path. */
    private String created(String collection, String body) {
        HttpResponse<String> response = send(post(collection, body)).join();
        assertEquals(response.statusCode(), 201, response.body());
        return java.net.URI.create(response.headers().firstValue("Location").orElseThrow()).getPath();
    }

    private HttpRequest read(String path) {
        return HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(30)).GET().build();
    }

    private HttpRequest post(String path, String body) {
        return HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(30)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    private HttpRequest put(String path, String body) {
        return HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(30)).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    private HttpRequest delete(String path) {
        return HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(30)).DELETE().build();
    }
}
