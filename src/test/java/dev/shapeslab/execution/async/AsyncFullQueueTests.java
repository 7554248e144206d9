package dev.shapeslab.execution.async;

import static org.awaitility.Awaitility.await;
import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;

import dev.shapeslab.execution.BlockingPool;
import dev.shapeslab.execution.HttpTestSupport;
import dev.shapeslab.web.ResourcePaths;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;
import org.testng.annotations.Test;

/**
 * Async over a blocking driver, with one pool thread and a queue of two: the stub sleeps on the pool thread
 * ({@code stub.latency-mode=blocking}), a second request waits in the queue, and a request that finds the queue full
 * is answered 503 at once instead of waiting. Admission lets in no more requests than the pool holds (start-up refuses
 * less room), so the test takes the queue's last place itself.
 */
@ActiveProfiles({"async", "stub"})
@TestPropertySource(properties = {"stub.latency=2s", "stub.latency-mode=blocking",
        "shapes.blocking.threads=1", "shapes.blocking.queue-capacity=2", "shapes.admission.max-in-flight=3"})
public class AsyncFullQueueTests extends HttpTestSupport {

    @Test
    public void aFullQueueIsAnswered503WithRetryAfterAtOnce() {
        BlockingPool pool = applicationContext.getBean(BlockingPool.class);
        CompletableFuture<HttpResponse<String>> working = send(list());
        await().atMost(Duration.ofSeconds(30)).until(pool::busyThreads, busy -> busy == 1);
        CompletableFuture<HttpResponse<String>> queued = send(list());
        await().atMost(Duration.ofSeconds(30)).until(pool::queued, waiting -> waiting == 1);
        pool.submit(() -> { });

        HttpResponse<String> refused = send(list()).join();

        assertEquals(refused.statusCode(), 503, refused.body());
        assertEquals(refused.headers().firstValue("Content-Type").orElseThrow(), "application/problem+json");
        assertEquals(refused.headers().firstValue("Retry-After").orElseThrow(), "1");
        // At once: answered while the pool still works on the first request, not after waiting its turn.
        assertFalse(working.isDone(), "the refusal waited for the pool");
        assertEquals(working.join().statusCode(), 200);
        assertEquals(queued.join().statusCode(), 200);
    }

    private HttpRequest list() {
        return HttpRequest.newBuilder(uri(ResourcePaths.CIRCLES + "?limit=1")).timeout(Duration.ofSeconds(30)).GET().build();
    }
}
