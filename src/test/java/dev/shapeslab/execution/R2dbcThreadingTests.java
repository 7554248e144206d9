package dev.shapeslab.execution;

import static org.awaitility.Awaitility.await;
import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.JfrEvents;
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
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;
import org.testng.annotations.Test;

/**
 * Proves by its effect on PostgreSQL that a variant over backend {@code r2dbc} holds no request thread while a query
 * is in flight: with Tomcat limited to {@value #TOMCAT_THREADS} request threads and the table locked by the test, a
 * burst of {@value #BURST} reads has all {@value #BURST} queries waiting on the server at once (a variant whose
 * request thread waited could have at most {@value #TOMCAT_THREADS}), and each is answered once the lock goes, from a
 * {@code response-*} thread (under {@code webflux}, on its connection's event loop). And its store calls are JFR
 * events, as on JDBC. Skipped when no PostgreSQL is reachable,
 * unless {@code -Dpg.tests.required=true}.
 */
@TestPropertySource(properties = {
        "server.tomcat.threads.max=" + R2dbcThreadingTests.TOMCAT_THREADS,
        "server.tomcat.threads.min-spare=" + R2dbcThreadingTests.TOMCAT_THREADS,
        // Longer than the test can take: the burst waits on the lock until the test lets it go.
        "shapes.database.request-timeout=60s"})
public abstract class R2dbcThreadingTests extends HttpTestSupport {

    static final int TOMCAT_THREADS = 2;
    /** More than the request threads, fewer than the connections (10), so that only threads could limit it. */
    static final int BURST = 6;

    @DynamicPropertySource
    static void postgres(DynamicPropertyRegistry registry) {
        PostgresTestDatabase.register(registry, PostgresTestDatabase.PORT);
    }

    @Test
    public void everyQueryOfABurstIsInFlightAtOnceOnTwoRequestThreads() throws SQLException {
        String path = ResourcePaths.CIRCLES + "/" + createCircle();
        assertEquals(get(path).statusCode(), 200); // connections and code paths warm
        List<CompletableFuture<HttpResponse<String>>> burst = new ArrayList<>();
        try (Connection locker = PostgresTestDatabase.connect(); Statement lock = locker.createStatement()) {
            locker.setAutoCommit(false);
            lock.execute("lock table shape in access exclusive mode");
            for (int i = 0; i < BURST; i++) {
                burst.add(send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(60)).GET().build()));
            }
            await().atMost(Duration.ofSeconds(30)).until(R2dbcThreadingTests::appQueriesWaitingForALock, count -> count == BURST);
            locker.rollback();
        }
        for (CompletableFuture<HttpResponse<String>> answer : burst) {
            HttpResponse<String> response = answer.join();
            assertEquals(response.statusCode(), 200, response.body());
            assertReadAndAnsweredOnTheVariantsThreads(
                    response.headers().firstValue(ThreadRecording.REQUEST_THREAD).orElseThrow(),
                    response.headers().firstValue(ThreadRecording.RESPONSE_THREAD).orElseThrow());
        }
    }

    /** Under the Jersey variants: read on a Tomcat request thread, answered from a {@code response-*} thread. */
    protected void assertReadAndAnsweredOnTheVariantsThreads(String requestThread, String responseThread) {
        assertTrue(requestThread.startsWith("http-nio-"), requestThread);
        assertTrue(responseThread.startsWith(ResponseThreads.THREAD_PREFIX), responseThread);
    }

    /** The store calls are JFR events as on JDBC (entity, operation, outcome), ended off the request thread. */
    @Test
    public void storeCallsAreRecordedAsJfrEvents() throws Exception {
        JfrEvents.Recorded<HttpResponse<String>> recorded = JfrEvents.whileRunning(
                () -> get(ResourcePaths.CIRCLES + "/" + createCircle()), JfrEvents.STORE_CALL);

        assertEquals(recorded.result().statusCode(), 200);
        RecordedEvent insert = recorded.storeCall("insert");
        assertEquals(insert.getString("entity"), "circle");
        assertEquals(insert.getString("outcome"), "ok");
        assertTrue(!insert.getThread().getJavaName().startsWith("http-nio-"), insert.getThread().getJavaName());
        recorded.storeCall("findById");
    }

    private static int appQueriesWaitingForALock() throws SQLException {
        try (Connection admin = PostgresTestDatabase.connect();
             PreparedStatement waiting = admin.prepareStatement("select count(*) from pg_stat_activity"
                     + " where application_name = 'shapes-lab-r2dbc' and wait_event_type = 'Lock'");
             ResultSet count = waiting.executeQuery()) {
            count.next();
            return count.getInt(1);
        }
    }
}
