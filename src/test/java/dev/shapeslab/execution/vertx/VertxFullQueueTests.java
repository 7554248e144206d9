package dev.shapeslab.execution.vertx;

import static org.awaitility.Awaitility.await;
import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;

import dev.shapeslab.execution.BlockingPool;
import dev.shapeslab.execution.HttpTestSupport;
import dev.shapeslab.faults.FaultTests;
import dev.shapeslab.web.ResourcePaths;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;
import org.testng.annotations.Test;

/**
 * Vertx over a blocking driver, with one blocking thread and a queue of two: the stub sleeps on the pool thread
 * ({@code stub.latency-mode=blocking}) for longer than {@code vertx.timeout}. A request that finds the queue full is
 * answered 503 at once instead of waiting; the queued one is answered 503 at its deadline and never runs, so never
 * writes; the one that started is answered by its own result, however long it took. Admission lets in no more
 * requests than the pool holds (start-up refuses less room), so the test takes the queue's last place itself.
 */
@ActiveProfiles({"vertx", "stub"})
@TestPropertySource(properties = {"stub.latency=1s", "stub.latency-mode=blocking", "vertx.timeout=500ms",
        "shapes.blocking.threads=1", "shapes.blocking.queue-capacity=2", "shapes.admission.max-in-flight=3"})
public class VertxFullQueueTests extends HttpTestSupport {

    @Test
    public void aFullQueueIsAnswered503AtOnceAndACallNotStartedByItsDeadline503WithoutWriting() {
        BlockingPool pool = applicationContext.getBean(BlockingPool.class);
        CompletableFuture<HttpResponse<String>> working = send(list());
        await().atMost(Duration.ofSeconds(30)).until(pool::busyThreads, busy -> busy == 1);
        CompletableFuture<HttpResponse<String>> queued = send(postCircle("late").timeout(Duration.ofSeconds(30)).build());
        await().atMost(Duration.ofSeconds(30)).until(pool::queued, waiting -> waiting == 1);
        pool.submit(() -> { });

        HttpResponse<String> refused = send(list()).join();

        FaultTests.assertUnavailable(refused);
        // At once: answered while the pool still works on the first request, not after waiting its turn.
        assertFalse(working.isDone(), "the refusal waited for the pool");
        FaultTests.assertUnavailable(queued.join());
        assertEquals(working.join().statusCode(), 200, "a started call is answered by its result");
        await().atMost(Duration.ofSeconds(30)).until(pool::queued, waiting -> waiting == 0);
        HttpResponse<String> stored = send(list()).join();
        assertEquals(stored.statusCode(), 200, stored.body());
        assertEquals(stored.body(), "[]", "the create answered 503 never ran");
    }

    private HttpRequest list() {
        return HttpRequest.newBuilder(uri(ResourcePaths.CIRCLES)).timeout(Duration.ofSeconds(30)).GET().build();
    }
}
