package dev.shapeslab.faults;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.fail;

import dev.shapeslab.execution.HttpTestSupport;
import java.net.http.HttpResponse;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.testng.annotations.AfterClass;
import org.testng.annotations.Test;

/**
 * What a variant promises when its database fails, on the {@code h2} backend against a real H2 TCP server
 * in this JVM (an in-memory database that outlives the server's restarts), reached through a
 * {@link FreezableProxy} that can hang it:
 * <ul>
 * <li>a database that is down is a 503 problem+json with {@code Retry-After}, and the pool heals by itself
 * once it is back, while requests keep coming;</li>
 * <li>a hung database is a 503 after the configured bound, not a request held as long as it hangs, and the
 * create it refused is not stored once the database resumes.</li>
 * </ul>
 * How fast (503 within 1 s, healed within 5 s) is measured by the harness's {@code faults} scenario, not
 * asserted here against a clock; here the pool must heal within a bounded number of requests.
 */
public abstract class DatabaseFaultTests extends HttpTestSupport {

    private static final FaultyDatabase DB = new FaultyDatabase("faults");

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        DB.register(registry);
    }

    @AfterClass(alwaysRun = true)
    public void databaseBackUp() throws SQLException {
        DB.thaw();
        DB.startIfStopped();
    }

    @Test
    public void aDownDatabaseIsA503AndThePoolHealsOnceItIsBack() throws Exception {
        assertEquals(create("before").statusCode(), 201);
        DB.stop();
        try {
            for (int i = 0; i < 5; i++) {
                assertUnavailable(create("during-outage"));
            }
        } finally {
            DB.startIfStopped();
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

    @Test
    public void aHungDatabaseIsA503WithinTheBoundAndTheRefusedCreateIsNotStored() throws Exception {
        assertEquals(create("warm").statusCode(), 201);
        String colour = "hung-" + UUID.randomUUID();
        DB.freeze();
        HttpResponse<String> refused;
        try {
            // The client would wait 30 s; the service's bound (3 s socket and transaction timeouts) ends it first.
            refused = send(postCircle(colour).timeout(Duration.ofSeconds(30)).build()).join();
        } finally {
            DB.thaw();
        }
        assertUnavailable(refused);
        // What the service sent before it gave up now reaches the database; none of it may commit.
        awaitCreated();
        assertEquals(DB.countCircles(colour), 0, "a create answered 503 was stored");
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

    public static void assertUnavailable(HttpResponse<String> response) {
        assertEquals(response.statusCode(), 503, response.body());
        assertEquals(response.headers().firstValue("Content-Type").orElse(""), "application/problem+json");
        assertTrue(response.headers().firstValue("Retry-After").isPresent(), "no Retry-After");
        assertTrue(response.body().contains("\"status\":503"), response.body());
        assertTrue(!response.body().toLowerCase().contains("exception") && !response.body().contains("h2"),
                "leaks internals: " + response.body());
    }
}
