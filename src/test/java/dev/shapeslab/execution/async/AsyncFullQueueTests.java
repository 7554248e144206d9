package dev.shapeslab.execution.async;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.execution.HttpTestSupport;
import dev.shapeslab.web.ResourcePaths;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;
import org.testng.annotations.Test;

/**
 * Async over a blocking driver, with one pool thread and a queue of one: the stub sleeps on the pool
 * thread ({@code stub.latency-mode=blocking}), so a third concurrent request finds the queue full and is
 * answered 503 at once instead of waiting.
 */
@ActiveProfiles({"async", "stub"})
@TestPropertySource(properties = {"stub.latency=600ms", "stub.latency-mode=blocking",
        "async.blocking.threads=1", "async.blocking.queue-capacity=1"})
public class AsyncFullQueueTests extends HttpTestSupport {

    @Test
    public void aFullQueueIsAnswered503WithRetryAfterAtOnce() {
        record Timed(HttpResponse<String> response, long elapsedMs) {
        }
        List<CompletableFuture<Timed>> requests = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            long started = System.nanoTime();
            requests.add(send(HttpRequest.newBuilder(uri(ResourcePaths.CIRCLES + "?limit=1")).GET().build())
                    .thenApply(response -> new Timed(response, (System.nanoTime() - started) / 1_000_000)));
        }
        List<Timed> answers = requests.stream().map(CompletableFuture::join).toList();

        List<Timed> refused = answers.stream().filter(answer -> answer.response().statusCode() == 503).toList();
        List<Timed> served = answers.stream().filter(answer -> answer.response().statusCode() == 200).toList();
        assertEquals(refused.size(), 1, answers.toString());
        assertEquals(served.size(), 2, answers.toString());
        Timed rejection = refused.get(0);
        assertEquals(rejection.response().headers().firstValue("Content-Type").orElseThrow(), "application/problem+json");
        assertEquals(rejection.response().headers().firstValue("Retry-After").orElseThrow(), "1");
        long slowestServed = served.stream().mapToLong(Timed::elapsedMs).max().orElseThrow();
        assertTrue(rejection.elapsedMs() < 400 && slowestServed >= 1100,
                "refused after " + rejection.elapsedMs() + " ms; served after up to " + slowestServed + " ms");
    }
}
