package dev.shapeslab.faults;

import static dev.shapeslab.faults.FaultTests.assertUnavailable;
import static org.awaitility.Awaitility.await;
import static org.testng.Assert.assertEquals;
import static org.testng.Assert.fail;

import dev.shapeslab.execution.HttpTestSupport;
import dev.shapeslab.persistence.PostgresTestDatabase;
import dev.shapeslab.web.ResourcePaths;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.PoolMetrics;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;
import org.testng.annotations.AfterClass;
import org.testng.annotations.Test;

/**
 * What a variant on backend {@code r2dbc} promises when PostgreSQL fails, against the real server behind a
 * {@link PostgresFaults} proxy (frozen as by SIGSTOP, or its sessions ended and new ones refused as by a restart):
 * <ul>
 * <li>a hung database is answered while it still hangs (the client would wait a minute: only the service's own bound,
 * {@code shapes.database.request-timeout}, can end the request): a create whose statement reached it is the 500
 * "outcome unknown" (a write is one statement in the database's auto-commit, which the database may commit as it
 * resumes), a create still waiting for a connection a 503 problem+json with {@code Retry-After}, never stored; the
 * store calls' connections are back out of use at once, and the service answers again once the database does;</li>
 * <li>a query still waiting on the server at the bound is cancelled there, not only abandoned by the app;</li>
 * <li>a database that went away is a 503, and the pool heals by itself once it is back.</li>
 * </ul>
 * The same promises hold for backend {@code pg} under {@code vertx}, PostgreSQL's other non-blocking driver (the Vert.x
 * client), whose tests override how connections in use are counted and the sessions' name. Skipped when no PostgreSQL
 * is reachable, unless {@code -Dpg.tests.required=true}.
 */
// As in FaultTests: no failing fast (these tests count requests), and one bound on every call. One connection, so that
// a second call on a hung database waits for it.
@TestPropertySource(properties = {"shapes.database.fail-fast=0ms",
        "shapes.database.request-timeout=" + R2dbcFaultTests.REQUEST_BOUND_SECONDS + "s",
        "shapes.r2dbc.pool.max-size=1", "shapes.vertx.pg.pool.max-size=1"})
public abstract class R2dbcFaultTests extends HttpTestSupport {

    static final int REQUEST_BOUND_SECONDS = 3;

    private static final PostgresFaults PG = new PostgresFaults();

    @DynamicPropertySource
    static void postgresBehindAProxy(DynamicPropertyRegistry registry) {
        PG.register(registry);
    }

    @AfterClass(alwaysRun = true)
    public void databaseBackUp() throws SQLException {
        PG.thaw();
        PG.startIfStopped();
    }

    /**
     * Two creates on a hung database, on a pool of one connection: the first's statement reaches the database and its
     * answer never comes, so it may commit as the database resumes (500, outcome unknown, no {@code Retry-After}); the
     * second never gets a connection, so nothing of it was sent (503 with {@code Retry-After}) and it is never stored.
     */
    @Test
    public void aHungDatabaseIsAnsweredWhileItHangsAndACreateRefusedThereIsNeverStored() throws Exception {
        assertEquals(create("warm").statusCode(), 201);
        String sentColour = "sent-" + UUID.randomUUID();
        String waitedColour = "waited-" + UUID.randomUUID();
        HttpResponse<String> sent;
        HttpResponse<String> waited;
        PG.freeze();
        try {
            CompletableFuture<HttpResponse<String>> first = send(postCircle(sentColour).timeout(Duration.ofSeconds(60)).build());
            await().atMost(Duration.ofSeconds(10)).until(() -> connectionsInUse() == 1);
            CompletableFuture<HttpResponse<String>> second = send(postCircle(waitedColour).timeout(Duration.ofSeconds(60)).build());
            sent = first.join();
            waited = second.join();
            // Still frozen: the calls' connections are out of use already (aborted and dropped, not waiting).
            await().atMost(Duration.ofSeconds(10)).until(() -> connectionsInUse() == 0);
        } finally {
            PG.thaw();
        }
        FaultTests.assertOutcomeUnknown(sent);
        assertUnavailable(waited);
        awaitCreated();
        // What the app sent before it gave up has now reached the database; the refused create was never sent.
        assertEquals(PG.countCircles(waitedColour), 0, "a create answered 503 was stored");
    }

    @Test
    public void aQueryStillWaitingOnTheServerAtTheBoundIsCancelledThere() throws Exception {
        assertEquals(create("warm").statusCode(), 201);
        try (Connection locker = PostgresTestDatabase.connect(); Statement lock = locker.createStatement()) {
            locker.setAutoCommit(false);
            lock.execute("lock table shape in access exclusive mode"); // every read of shape now waits for it
            CompletableFuture<HttpResponse<String>> read = send(HttpRequest.newBuilder(uri(ResourcePaths.CIRCLES))
                    .timeout(Duration.ofSeconds(60)).build());
            await().atMost(Duration.ofSeconds(10)).until(() -> appSessionsWaitingForALock() == 1);
            assertUnavailable(read.join());
            // The lock is still held: only a cancel from the app can have ended its query on the server.
            await().atMost(Duration.ofSeconds(10)).until(() -> appSessionsWaitingForALock() == 0);
            await().atMost(Duration.ofSeconds(10)).until(() -> connectionsInUse() == 0);
            locker.rollback();
        }
        assertEquals(get(ResourcePaths.CIRCLES + "?limit=1").statusCode(), 200);
    }

    @Test
    public void aDownDatabaseIsA503AndThePoolHealsOnceItIsBack() throws Exception {
        assertEquals(create("before").statusCode(), 201);
        PG.stop();
        try {
            for (int i = 0; i < 5; i++) {
                assertUnavailable(create("during-outage"));
            }
        } finally {
            PG.startIfStopped();
        }
        awaitCreated();
        assertEquals(PG.countCircles("during-outage"), 0, "a create answered 503 was stored");
    }

    /** Store calls holding a pooled connection now (r2dbc-pool's count; another driver's pool overrides it). */
    protected int connectionsInUse() {
        return applicationContext.getBean(ConnectionPool.class).getMetrics().map(PoolMetrics::acquiredSize).orElseThrow();
    }

    /** The {@code application_name} the app's sessions show in {@code pg_stat_activity}. */
    protected String applicationName() {
        return "shapes-lab-r2dbc";
    }

    /** The app's sessions (through the proxy) whose query waits for a lock now. */
    private int appSessionsWaitingForALock() throws SQLException {
        try (Connection admin = PostgresTestDatabase.connect();
             PreparedStatement waiting = admin.prepareStatement("select count(*) from pg_stat_activity"
                     + " where application_name = ? and wait_event_type = 'Lock'")) {
            waiting.setString(1, applicationName());
            return count(waiting);
        }
    }

    private static int count(PreparedStatement query) throws SQLException {
        try (ResultSet count = query.executeQuery()) {
            count.next();
            return count.getInt(1);
        }
    }

    private HttpResponse<String> create(String colour) {
        return send(postCircle(colour).timeout(Duration.ofSeconds(30)).build()).join();
    }

    /** The service answers again: a create succeeds within a bounded number of requests. */
    private void awaitCreated() {
        List<Integer> statuses = new ArrayList<>();
        for (int attempt = 0; attempt < 20; attempt++) {
            HttpResponse<String> response = create("after");
            statuses.add(response.statusCode());
            if (response.statusCode() == 201) {
                return;
            }
            assertUnavailable(response);
        }
        fail("no create succeeded in 20 requests after the database came back: " + statuses);
    }
}
