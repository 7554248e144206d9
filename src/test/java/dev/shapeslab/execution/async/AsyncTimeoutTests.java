package dev.shapeslab.execution.async;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.domain.Circle;
import dev.shapeslab.execution.HttpTestSupport;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.web.ResourcePaths;
import java.net.http.HttpResponse;
import org.springframework.context.ApplicationContext;
import org.springframework.core.ResolvableType;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;
import org.testng.annotations.Test;

/**
 * A response that takes longer than {@code async.timeout} is answered 503, and the work behind it is
 * disposed before it writes. Here the stub's latency (on the timer) is far longer than the timeout.
 * (A store call that had started by then answers itself: AsyncTimeoutOnHungDatabaseTests.)
 */
@ActiveProfiles({"async", "stub"})
@TestPropertySource(properties = {"stub.latency=1500ms", "async.timeout=300ms"})
public class AsyncTimeoutTests extends HttpTestSupport {

    @Test
    public void aSlowResponseIsAnswered503ProblemJsonAtTheTimeout() {
        HttpResponse<String> response = get(ResourcePaths.CIRCLES + "?limit=1");

        // Had the latency passed, the work would have answered 200: the 503 came first.
        assertEquals(response.statusCode(), 503, response.body());
        assertEquals(response.headers().firstValue("Content-Type").orElseThrow(), "application/problem+json");
        assertTrue(response.headers().firstValue("Retry-After").isPresent());
        assertTrue(response.body().contains("No answer within 300 ms"), response.body());
    }

    @Test
    public void aPostThatTimedOutLeavesNoWorkBehindAndWritesNothing() {
        HttpResponse<String> response = post();

        assertEquals(response.statusCode(), 503, response.body());
        // Its timer was cancelled before the 503 was sent: nothing is left that could store it later.
        assertEquals(applicationContext.getBean(LatencyTimer.class).pending(), 0);
        assertEquals(circleCount(applicationContext), 0);
    }

    private HttpResponse<String> post() {
        return send(postCircle("late").build()).join();
    }

    /** Counted without the HTTP API, whose every call would time out here. */
    static int circleCount(ApplicationContext applicationContext) {
        return applicationContext.getBean(AsyncServices.class).over(circles(applicationContext))
                .list(WorkGate.OPEN, 0, 1000)
                .timeout(5, java.util.concurrent.TimeUnit.SECONDS).blockingGet().size();
    }

    @SuppressWarnings("unchecked")
    private static EntityStore<Circle> circles(ApplicationContext applicationContext) {
        return (EntityStore<Circle>) applicationContext.getBeanProvider(
                ResolvableType.forClassWithGenerics(EntityStore.class, Circle.class)).getObject();
    }
}
