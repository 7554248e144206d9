package dev.shapeslab.faults;

import static dev.shapeslab.faults.FaultTests.assertUnavailable;
import static org.awaitility.Awaitility.await;
import static org.testng.Assert.assertEquals;

import dev.shapeslab.execution.HttpTestSupport;
import java.net.http.HttpResponse;
import java.sql.SQLException;
import java.time.Duration;
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
        // Until the window has passed, creates are turned away without reaching the database; after it, each is a
        // trial, and once the database is back one finds it and closes the breaker. Every answer until then is a
        // proper 503.
        await("a create to succeed once the database is back").atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> {
                    HttpResponse<String> response = create("after");
                    if (response.statusCode() == 201) {
                        return true;
                    }
                    assertUnavailable(response);
                    return false;
                });
        assertEquals(PG.countCircles(refused), 0, "a create answered 503 was stored");
    }

    private HttpResponse<String> create(String colour) {
        return send(postCircle(colour).timeout(Duration.ofSeconds(30)).build()).join();
    }
}
