package dev.shapeslab.faults;

import static org.awaitility.Awaitility.await;
import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;
import static org.testng.Assert.fail;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import dev.shapeslab.execution.HttpTestSupport;
import dev.shapeslab.web.ResourcePaths;
import dev.shapeslab.web.admission.Admission;
import java.lang.reflect.Field;
import java.net.ConnectException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.springframework.test.context.TestPropertySource;
import org.testng.annotations.AfterClass;
import org.testng.annotations.Test;

/**
 * What a variant promises when its database fails or too many requests arrive, on the {@code h2} backend
 * against a {@link FaultyDatabase} (a real H2 TCP server in this JVM that a test stops, restarts and hangs),
 * or on another backend whose subclass overrides {@link #database()} (see {@link PostgresFaults}):
 * <ul>
 * <li>a database that is down is a 503 problem+json with {@code Retry-After}, and the pool heals by itself
 * once it is back, while requests keep coming;</li>
 * <li>a hung database is a 503 after the configured bound on the whole request
 * ({@code shapes.database.request-timeout}), not a request held as long as it hangs or for the sum of its
 * steps' timeouts, and the create it refused is not stored once the database resumes;</li>
 * <li>past {@code shapes.admission.max-in-flight} requests in flight (whatever holds them: a thread, or
 * nothing for a suspended response), a request waits for a place; it is turned away with a 503 once it has
 * waited {@code shapes.admission.max-wait}; when {@code shapes.admission.max-queue} requests wait already it is
 * held without a place and turned away once {@code shapes.admission.refusal-delay} has passed (set here on every
 * server); what either carried is never stored; the places come back when the responses complete.</li>
 * </ul>
 * How fast (503 within 1 s, healed within 5 s) is measured by the harness's {@code faults} scenario, not
 * asserted here against a clock; here the pool must heal within a bounded number of requests, and a request on
 * a hung database must be answered while it still hangs, the app having given up its connection.
 */
// Failing fast after an outage (StoreOutagesTests) is off here: these tests count requests, and the pool
// must heal by itself. The drivers' socket timeouts are far longer than the request bound here, so that only
// the bound (StoreDeadline) can end a request on a hung database.
@TestPropertySource(properties = {"shapes.admission.max-in-flight=" + FaultTests.MAX_IN_FLIGHT,
        "shapes.admission.max-queue=1", "shapes.admission.max-wait=" + FaultTests.MAX_WAIT_MILLIS + "ms",
        "shapes.admission.refusal-delay=" + FaultTests.MAX_WAIT_MILLIS + "ms",
        "shapes.database.fail-fast=0ms",
        "shapes.database.request-timeout=" + FaultTests.REQUEST_BOUND_MILLIS + "ms",
        "shapes.database.socket-timeout=" + FaultTests.SOCKET_TIMEOUT_SECONDS + "s"})
public abstract class FaultTests extends HttpTestSupport {

    static final int MAX_IN_FLIGHT = 2;
    /** Well below the request bound, so that a waiting request's wait ends before the held requests do. */
    static final int MAX_WAIT_MILLIS = 500;
    static final int REQUEST_BOUND_MILLIS = 1500;
    static final int SOCKET_TIMEOUT_SECONDS = 120;

    /** The database this class's tests break (registered by the subclass for its backend). */
    protected abstract DatabaseFaults database();

    @AfterClass(alwaysRun = true)
    public void databaseBackUp() throws SQLException {
        database().thaw();
        database().startIfStopped();
    }

    @Test
    public void aDownDatabaseIsA503AndThePoolHealsOnceItIsBack() throws Exception {
        assertEquals(create("before").statusCode(), 201);
        database().stop();
        try {
            for (int i = 0; i < 5; i++) {
                assertUnavailable(create("during-outage"));
            }
        } finally {
            database().startIfStopped();
        }
        // Every pooled connection died with the server; each may fail one request before it is evicted.
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

    /**
     * What lets a down database be told from a busy pool (and the calls after the first fail fast,
     * StoreOutages): Hikari's wait for a connection ends with the last failed attempt to open one as its
     * cause. That needs an attempt to have failed within the wait: H2's client, left to itself, retries a
     * refused connection for 1.2 s, longer than the 500 ms wait (H2ClientSettings).
     */
    @Test
    public void whileTheDatabaseRefusesConnectionsTheWaitForOneEndsWithTheRefusal() throws Exception {
        HikariDataSource pool = applicationContext.getBean(HikariDataSource.class);
        assertEquals(create("before-refusal").statusCode(), 201);
        awaitPoolFull(); // a connection still being opened would break with the server instead of being refused
        SQLException failure;
        database().stop();
        try {
            pool.getHikariPoolMXBean().softEvictConnections(); // the idle ones: the next one must be opened
            failure = expectThrows(SQLException.class, () -> pool.getConnection().close());
        } finally {
            database().startIfStopped();
        }
        assertTrue(causes(failure).stream().anyMatch(ConnectException.class::isInstance),
                "the wait ended without the refusal as its cause: " + causes(failure));
    }

    private static List<Throwable> causes(Throwable failure) {
        List<Throwable> chain = new ArrayList<>();
        for (Throwable cause = failure; cause != null && !chain.contains(cause); cause = cause.getCause()) {
            chain.add(cause);
        }
        return chain;
    }

    @Test
    public void aHungDatabaseIsA503WhileItStillHangsAndTheRefusedCreateIsNotStored() throws Exception {
        assertEquals(create("warm").statusCode(), 201);
        String colour = "hung-" + UUID.randomUUID();
        awaitPoolFull();
        int closedBefore = database().connectionsClosedByTheApp();
        // Every connection checked as it is handed out: the one the warm create gave back may go to the same request
        // thread within Hikari's 500 ms without a check, and its statement would then reach the hung database.
        IdleCheck checked = checkIdleConnectionsAfter(0);
        database().freeze();
        HttpResponse<String> refused;
        try {
            // The client would wait 60 s and the drivers' socket timeouts are 120 s; the database stays hung
            // until the answer has come and the app has given up the connection it was blocked on, so only the
            // service's bound on the whole request can have ended it.
            refused = send(postCircle(colour).timeout(Duration.ofSeconds(60)).build()).join();
            awaitConnectionGivenUp(closedBefore);
        } finally {
            checked.restore();
            database().thaw();
        }
        assertUnavailable(refused);
        // What the service sent before it gave up now reaches the database; none of it may commit.
        awaitCreated();
        assertEquals(database().countCircles(colour), 0, "a create answered 503 was stored");
    }

    /**
     * A create whose statement reached a hung database. On H2 a write is a transaction whose COMMIT is sent only once
     * its statements have answered, so it is refused (503) and never stored. On PostgreSQL it is one statement in the
     * database's auto-commit, which the database commits before it answers: when its answer does not come, it may
     * commit as the database resumes, so it is the 500 "outcome unknown", without {@code Retry-After}, and stored or
     * not. Hikari's check of an idle connection is off here, so that the statement goes out on the connection it gets
     * (on PostgreSQL that check would hang, and the wait for a connection end in a 503 before anything is sent:
     * {@link #aHungDatabaseIsA503WhileItStillHangsAndTheRefusedCreateIsNotStored}).
     */
    @Test
    public void aCreateSentToAHungDatabaseIsA503NeverStoredUnlessTheDatabaseCommitsItAsItRuns() throws Exception {
        assertEquals(create("warm").statusCode(), 201);
        String colour = "sent-" + UUID.randomUUID();
        awaitPoolFull();
        int closedBefore = database().connectionsClosedByTheApp();
        HttpResponse<String> answer;
        IdleCheck unchecked = checkIdleConnectionsAfter(Long.MAX_VALUE / 2);
        database().freeze();
        try {
            answer = send(postCircle(colour).timeout(Duration.ofSeconds(60)).build()).join();
            awaitConnectionGivenUp(closedBefore);
        } finally {
            unchecked.restore();
            database().thaw();
        }
        if (database().commitsEachWriteAsItRuns()) {
            assertOutcomeUnknown(answer);
            awaitCreated();
        } else {
            assertUnavailable(answer);
            awaitCreated();
            assertEquals(database().countCircles(colour), 0, "a create answered 503 was stored");
        }
    }

    /**
     * Hikari checks a connection before handing it out when it has been idle for a while (isValid, a round trip
     * that H2 bounds only by its socket timeout); here it checks every one, so that the read's connection is
     * checked on the hung database without waiting for it to become idle.
     */
    @Test
    public void anIdleConnectionCheckedOnAHungDatabaseIsBoundedToo() throws Exception {
        assertEquals(create("warm").statusCode(), 201);
        awaitPoolFull();
        int closedBefore = database().connectionsClosedByTheApp();
        HttpResponse<String> refused;
        IdleCheck checked = checkIdleConnectionsAfter(0);
        database().freeze();
        try {
            refused = send(HttpRequest.newBuilder(uri(ResourcePaths.CIRCLES + "?limit=1"))
                    .timeout(Duration.ofSeconds(60)).build()).join();
            awaitConnectionGivenUp(closedBefore);
        } finally {
            checked.restore();
            database().thaw();
        }
        assertUnavailable(refused);
        awaitCreated();
    }

    /**
     * Waits until the pool holds all its connections, so that it opens none while a test breaks the database:
     * the connections earlier tests broke are replaced in the background, and a connection being opened
     * when the database hangs waits for its socket timeout.
     */
    private void awaitPoolFull() {
        HikariDataSource pool = applicationContext.getBean(HikariDataSource.class);
        await().atMost(Duration.ofSeconds(30)).until(() -> pool.getHikariPoolMXBean().getTotalConnections(),
                total -> total == pool.getMaximumPoolSize());
    }

    /** Puts back how long a connection may stay idle before Hikari checks it. */
    @FunctionalInterface
    private interface IdleCheck {
        void restore() throws ReflectiveOperationException;
    }

    /**
     * Has Hikari check a connection as it hands it out once it has been idle {@code millis} (its private
     * {@code aliveBypassWindowMs}, 500 ms, which no setting reaches): 0 checks every one, a huge value none.
     */
    private IdleCheck checkIdleConnectionsAfter(long millis) throws ReflectiveOperationException {
        HikariPool pool = (HikariPool) applicationContext.getBean(HikariDataSource.class).getHikariPoolMXBean();
        Field idleBeforeChecked = HikariPool.class.getDeclaredField("aliveBypassWindowMs");
        idleBeforeChecked.setAccessible(true);
        long before = idleBeforeChecked.getLong(pool);
        idleBeforeChecked.setLong(pool, millis);
        return () -> idleBeforeChecked.setLong(pool, before);
    }

    /** While the database still hangs, the app closes a connection (more than {@code closedBefore} so far). */
    private void awaitConnectionGivenUp(int closedBefore) {
        await().atMost(Duration.ofSeconds(30))
                .until(database()::connectionsClosedByTheApp, closed -> closed > closedBefore);
    }

    /**
     * Where the held requests keep their places until the hung database's bound ends them, longer than the
     * longest wait, the waiting create is turned away by admission control (its detail says capacity, a
     * database 503 would not); elsewhere a place frees first and the database turns it away. Either way it is
     * never stored. The one past the full queue is held for its refusal, without a place, and refused with the
     * same answer when the longest wait has passed: a client sending again at once cannot make the server spin.
     */
    @Test
    public void pastTheAdmissionLimitARequestWaitsBoundedAndTheOneItRefusesIsNeverStored() throws Exception {
        Admission admission = admission();
        assertEquals(create("warm").statusCode(), 201);
        long timedOutBefore = admission.timedOut();
        List<CompletableFuture<HttpResponse<String>>> held = new ArrayList<>();
        HttpResponse<String> waitedTooLong;
        HttpResponse<String> queueFull;
        awaitPoolFull(); // the held requests take pooled connections, not new ones that the hang would stop
        database().freeze(); // the admitted requests stay in flight until the database answers
        try {
            for (int i = 0; i < MAX_IN_FLIGHT; i++) {
                held.add(send(postCircle("held").timeout(Duration.ofSeconds(30)).build()));
            }
            awaitInFlight(admission, MAX_IN_FLIGHT);
            CompletableFuture<HttpResponse<String>> waiting =
                    send(postCircle("waited-too-long").timeout(Duration.ofSeconds(30)).build());
            await().atMost(Duration.ofSeconds(30)).until(admission::waiting, count -> count == 1);
            CompletableFuture<HttpResponse<String>> refused =
                    send(postCircle("queue-full").timeout(Duration.ofSeconds(30)).build());
            await().atMost(Duration.ofSeconds(30)).until(admission::refusing, count -> count == 1);
            waitedTooLong = waiting.join();
            queueFull = refused.join();
        } finally {
            database().thaw();
        }
        assertUnavailable(queueFull);
        assertTrue(queueFull.body().contains("capacity"), queueFull.body());
        assertUnavailable(waitedTooLong);
        if (database().holdsRequestsUntilTheBound()) {
            assertTrue(waitedTooLong.body().contains("capacity"), waitedTooLong.body());
            assertEquals(admission.timedOut(), timedOutBefore + 1, "the waiting create was not the one turned away");
        }

        held.forEach(CompletableFuture::join);
        awaitInFlight(admission, 0);
        assertEquals(create("after").statusCode(), 201, "the places of completed requests were not given back");
        assertEquals(database().countCircles("waited-too-long"), 0);
        assertEquals(database().countCircles("queue-full"), 0);
    }

    /** Waits until exactly {@code expected} requests are in flight. */
    private static void awaitInFlight(Admission admission, int expected) {
        await().atMost(Duration.ofSeconds(30)).until(admission::inFlight, count -> count == expected);
    }

    private HttpResponse<String> create(String colour) {
        return send(postCircle(colour).timeout(Duration.ofSeconds(30)).build()).join();
    }

    private void awaitCreated() {
        for (int attempt = 0; attempt < 20; attempt++) {
            if (create("after-thaw").statusCode() == 201) {
                return;
            }
        }
        fail("the service did not recover after the database resumed");
    }

    /** The 500 of a write that may or may not be stored: problem+json, without {@code Retry-After} (a blind retry may store it twice). */
    public static void assertOutcomeUnknown(HttpResponse<String> response) {
        assertEquals(response.statusCode(), 500, response.body());
        assertEquals(response.headers().firstValue("Content-Type").orElse(""), "application/problem+json");
        assertTrue(response.headers().firstValue("Retry-After").isEmpty(), "Retry-After on an unknown outcome");
        assertTrue(response.body().contains("may or may not have been stored"), response.body());
    }

    public static void assertUnavailable(HttpResponse<String> response) {
        assertEquals(response.statusCode(), 503, response.body());
        assertEquals(response.headers().firstValue("Content-Type").orElse(""), "application/problem+json");
        assertTrue(response.headers().firstValue("Retry-After").isPresent(), "no Retry-After");
        assertTrue(response.body().contains("\"status\":503"), response.body());
        String body = response.body().toLowerCase();
        assertTrue(!body.contains("exception") && !body.contains("h2") && !body.contains("postgres")
                && !body.contains("sqlstate"), "leaks internals: " + response.body());
    }
}
