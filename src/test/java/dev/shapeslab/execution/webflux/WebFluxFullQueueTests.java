package dev.shapeslab.execution.webflux;

import static org.awaitility.Awaitility.await;
import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;

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
 * Webflux over a blocking driver, with one blocking thread and a queue of one: the stub sleeps on the pool thread
 * ({@code stub.latency-mode=blocking}), so a third concurrent request finds the queue full and is answered 503 at
 * once instead of waiting, and the event loop that answers it never blocked.
 */
@ActiveProfiles({"webflux", "stub"})
@TestPropertySource(properties = {"stub.latency=2s", "stub.latency-mode=blocking",
        "webflux.blocking.threads=1", "webflux.blocking.queue-capacity=1"})
public class WebFluxFullQueueTests extends HttpTestSupport {

    @Test
    public void aFullQueueIsAnswered503WithRetryAfterAtOnce() {
        BlockingCalls pool = applicationContext.getBean(BlockingCalls.class);
        CompletableFuture<HttpResponse<String>> working = send(list());
        await().atMost(Duration.ofSeconds(30)).until(pool::busyThreads, busy -> busy == 1);
        CompletableFuture<HttpResponse<String>> queued = send(list());
        await().atMost(Duration.ofSeconds(30)).until(pool::queued, waiting -> waiting == 1);

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
