package dev.shapeslab.execution.async;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.execution.HttpTestSupport;
import dev.shapeslab.web.ResourcePaths;
import java.net.http.HttpResponse;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;
import org.testng.annotations.Test;

/**
 * A response that takes longer than {@code async.timeout} is answered 503, and the work behind it is
 * disposed before it writes. Here the stub's latency (on the timer) is far longer than the timeout.
 */
@ActiveProfiles({"async", "stub"})
@TestPropertySource(properties = {"stub.latency=1500ms", "async.timeout=300ms"})
public class AsyncTimeoutTests extends HttpTestSupport {

    @Test
    public void aSlowResponseIsAnswered503ProblemJsonAtTheTimeout() {
        long started = System.nanoTime();
        HttpResponse<String> response = get(ResourcePaths.CIRCLES + "?limit=1");
        long elapsedMs = (System.nanoTime() - started) / 1_000_000;

        assertEquals(response.statusCode(), 503, response.body());
        assertEquals(response.headers().firstValue("Content-Type").orElseThrow(), "application/problem+json");
        assertTrue(response.headers().firstValue("Retry-After").isPresent());
        assertTrue(elapsedMs < 1200, "answered after " + elapsedMs + " ms, the timeout is 300 ms");
    }

    @Test
    public void aPostThatTimedOutWritesNothing() throws InterruptedException {
        HttpResponse<String> response = post();

        assertEquals(response.statusCode(), 503, response.body());
        Thread.sleep(2000); // past the latency: had the work not been disposed, it would have stored by now
        assertEquals(circleCount(applicationContext), 0);
    }

    private HttpResponse<String> post() {
        return send(postCircle("late").build()).join();
    }

    /** Counted without the HTTP API, whose every call would time out here. */
    static int circleCount(org.springframework.context.ApplicationContext applicationContext) {
        return applicationContext.getBean(AsyncCircleService.class).list(WorkGate.OPEN, 0, 1000)
                .timeout(5, java.util.concurrent.TimeUnit.SECONDS).blockingGet().size();
    }
}
