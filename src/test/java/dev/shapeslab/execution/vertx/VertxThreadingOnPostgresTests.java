package dev.shapeslab.execution.vertx;

import static org.awaitility.Awaitility.await;
import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.JfrEvents;
import dev.shapeslab.Requires;
import dev.shapeslab.execution.BlockingPool;
import dev.shapeslab.execution.HttpTestSupport;
import dev.shapeslab.execution.ThreadRecording;
import dev.shapeslab.persistence.PostgresTestDatabase;
import dev.shapeslab.web.ResourcePaths;
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
import java.util.concurrent.CompletableFuture;
import jdk.jfr.consumer.RecordedEvent;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;
import org.testng.annotations.Test;

/**
 * Proves by its effect on PostgreSQL that variant vertx over the Vert.x client holds no thread while a request waits
 * for the database: with the table locked by the test, a burst of {@value #BURST} reads is in flight at once, more
 * than every thread Vert.x has, with as many queries waiting on the server as the pool has connections
 * ({@value #CONNECTIONS}) and the rest waiting for one, and no blocking pool at all; each is answered, once the lock
 * goes, on the event loop that read it. And its store calls are JFR events, ended on an event loop. Skipped when no
 * PostgreSQL is reachable, unless {@code -Dpg.tests.required=true}.
 */
@ActiveProfiles({"vertx", "pg"})
@Requires(PostgresTestDatabase.Reachable.class)
// Longer than the test can take: the burst waits on the lock until the test lets it go. Admission lets the whole
// burst in (on a database it admits twice the pool's connections), so that it reaches the client's pool.
@TestPropertySource(properties = {"shapes.database.request-timeout=60s",
        "shapes.admission.max-in-flight=" + VertxThreadingOnPostgresTests.BURST})
public class VertxThreadingOnPostgresTests extends HttpTestSupport {

    static final String APPLICATION_NAME = "shapes-lab-vertx-pg";
    static final int BURST = 48;
    static final int CONNECTIONS = 10;

    @DynamicPropertySource
    static void postgres(DynamicPropertyRegistry registry) {
        PostgresTestDatabase.register(registry, PostgresTestDatabase.PORT);
    }

    @Test
    public void aBurstWaitsOnTheDatabaseAtOnceHoldingNoThread() throws SQLException {
        assertTrue(applicationContext.getBeansOfType(BlockingPool.class).isEmpty(), "a blocking pool on pg");
        String path = ResourcePaths.CIRCLES + "/" + createCircle();
        assertEquals(get(path).statusCode(), 200); // connections and code paths warm
        ThreadRecording.resetPeak();
        List<CompletableFuture<HttpResponse<String>>> burst = new ArrayList<>();
        int serverThreads;
        try (Connection locker = PostgresTestDatabase.connect(); Statement lock = locker.createStatement()) {
            locker.setAutoCommit(false);
            lock.execute("lock table shape in access exclusive mode");
            for (int i = 0; i < BURST; i++) {
                burst.add(send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(60)).GET().build()));
            }
            await().atMost(Duration.ofSeconds(30)).until(ThreadRecording::inFlight, count -> count == BURST);
            await().atMost(Duration.ofSeconds(30)).until(VertxThreadingOnPostgresTests::appQueriesWaitingForALock,
                    count -> count == CONNECTIONS);
            serverThreads = VertxThreadingTests.threadsNamed("vert.x-");
            locker.rollback();
        }
        for (CompletableFuture<HttpResponse<String>> answer : burst) {
            HttpResponse<String> response = answer.join();
            assertEquals(response.statusCode(), 200, response.body());
            String requestThread = response.headers().firstValue(ThreadRecording.REQUEST_THREAD).orElseThrow();
            assertTrue(requestThread.startsWith(VertxThreadingTests.EVENT_LOOPS), requestThread);
            assertEquals(response.headers().firstValue(ThreadRecording.RESPONSE_THREAD).orElseThrow(), requestThread,
                    "answered on the event loop that read it");
        }
        assertEquals(ThreadRecording.peak(), BURST);
        assertTrue(serverThreads < BURST, BURST + " requests waited at once on " + serverThreads + " threads");
        assertEquals(VertxThreadingTests.threadsNamed("vertx-blocking-"), 0, "blocking pool threads on pg");
    }

    /** The store calls are JFR events as on the other backends (entity, operation, outcome), ended on an event loop. */
    @Test
    public void storeCallsAreRecordedAsJfrEventsOnTheEventLoops() throws Exception {
        JfrEvents.Recorded<HttpResponse<String>> recorded = JfrEvents.whileRunning(
                () -> get(ResourcePaths.CIRCLES + "/" + createCircle()), JfrEvents.STORE_CALL);

        assertEquals(recorded.result().statusCode(), 200);
        RecordedEvent insert = recorded.storeCall("insert");
        assertEquals(insert.getString("entity"), "circle");
        assertEquals(insert.getString("outcome"), "ok");
        recorded.storeCall("findById");
        for (RecordedEvent call : recorded.events()) {
            assertTrue(call.getThread().getJavaName().startsWith(VertxThreadingTests.EVENT_LOOPS),
                    call.getThread().getJavaName());
        }
    }

    private static int appQueriesWaitingForALock() throws SQLException {
        try (Connection admin = PostgresTestDatabase.connect();
             PreparedStatement waiting = admin.prepareStatement("select count(*) from pg_stat_activity"
                     + " where application_name = ? and wait_event_type = 'Lock'")) {
            waiting.setString(1, APPLICATION_NAME);
            try (ResultSet count = waiting.executeQuery()) {
                count.next();
                return count.getInt(1);
            }
        }
    }
}
