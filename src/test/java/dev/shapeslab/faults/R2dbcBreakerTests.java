package dev.shapeslab.faults;

import static dev.shapeslab.faults.FaultTests.assertUnavailable;
import static org.testng.Assert.assertEquals;
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
import org.springframework.test.context.TestPropertySource;
import org.testng.annotations.AfterClass;
import org.testng.annotations.Test;

/**
 * On backend {@code r2dbc} with failing fast on (R2dbcFaultTests turn it off to count requests), against the real
 * PostgreSQL behind a {@link PostgresFaults} proxy: once the database went away, the breaker opens and calls are
 * 503s with {@code Retry-After}; once it is back, a call after the window finds it and closes the breaker, and the
 * service answers again by itself. What it refused was never stored. (That the calls of an open window never reach
 * the database is R2dbcUnreachableTests'; that the first call after the window closes the breaker, with a clock the
 * test moves, OutageBreakerTests'.) Skipped when no PostgreSQL is reachable, unless {@code -Dpg.tests.required=true}.
 */
@TestPropertySource(properties = "shapes.database.fail-fast=" + R2dbcBreakerTests.WINDOW_MILLIS + "ms")
public abstract class R2dbcBreakerTests extends HttpTestSupport {

    /** Short, so that the service recovers well within the test's patience, and long enough to see it open. */
    static final int WINDOW_MILLIS = 500;

    private static final PostgresFaults PG = new PostgresFaults();

    @DynamicPropertySource
    static void postgresBehindAProxy(DynamicPropertyRegistry registry) {
        PG.register(registry);
    }

    @AfterClass(alwaysRun = true)
    public void databaseBackUp() {
        PG.startIfStopped();
    }

    @Test
    public void aDatabaseThatWentAwayOpensTheBreakerAndACallAfterItsReturnClosesIt() throws SQLException {
        assertEquals(create("before").statusCode(), 201);
        String refused = "breaker-" + UUID.randomUUID();
        PG.stop();
        try {
            for (int i = 0; i < 5; i++) {
                assertUnavailable(create(refused));
            }
        } finally {
            PG.startIfStopped();
        }
        // Each create after a window is a trial: once the database is back, one finds it and closes the breaker.
        List<Integer> statuses = new ArrayList<>();
        for (int attempt = 0; attempt < 20; attempt++) {
            sleepPastAWindow();
            HttpResponse<String> response = create("after");
            if (response.statusCode() == 201) {
                assertEquals(PG.countCircles(refused), 0, "a create answered 503 was stored");
                return;
            }
            assertUnavailable(response);
            statuses.add(response.statusCode());
        }
        fail("no create succeeded in 20 requests, each after a window, once the database was back: " + statuses);
    }

    private HttpResponse<String> create(String colour) {
        return send(postCircle(colour).timeout(Duration.ofSeconds(30)).build()).join();
    }

    /** Waits for the breaker's window to pass: there is no event to wait on from outside the app. */
    private static void sleepPastAWindow() {
        try {
            Thread.sleep(WINDOW_MILLIS + 100);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(interrupted);
        }
    }
}
