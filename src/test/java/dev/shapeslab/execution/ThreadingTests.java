package dev.shapeslab.execution;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.web.ResourcePaths;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.springframework.test.context.TestPropertySource;
import org.testng.annotations.Test;

/**
 * Proves an execution model by its effects, on the stub with {@value #LATENCY_MS} ms of latency per
 * operation and Tomcat limited to {@value #TOMCAT_THREADS} request threads: a burst of
 * {@value #BURST} concurrent requests takes about (requests / threads) x latency when each request holds
 * a thread while it waits, and about one latency when it does not.
 */
@TestPropertySource(properties = {
        "stub.latency=" + ThreadingTests.LATENCY_MS + "ms",
        "server.tomcat.threads.max=" + ThreadingTests.TOMCAT_THREADS,
        "server.tomcat.threads.min-spare=" + ThreadingTests.TOMCAT_THREADS})
public abstract class ThreadingTests extends HttpTestSupport {

    static final int LATENCY_MS = 200;
    static final int TOMCAT_THREADS = 2;
    static final int BURST = 16;
    /** Serialised on the request threads, the burst takes this long at least. */
    static final long SERIALISED_MS = (long) BURST / TOMCAT_THREADS * LATENCY_MS;

    /** Whether a waiting request holds one of Tomcat's request threads. */
    protected abstract boolean waitingHoldsARequestThread();

    @Test
    public void aBurstTakesAsLongAsTheThreadModelPredicts() {
        String path = ResourcePaths.CIRCLES + "/" + createCircle();
        get(path); // connections and code paths warm

        long started = System.nanoTime();
        List<CompletableFuture<HttpResponse<String>>> burst = new ArrayList<>();
        for (int i = 0; i < BURST; i++) {
            burst.add(send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(30)).GET().build()));
        }
        burst.forEach(response -> assertEquals(response.join().statusCode(), 200));
        long elapsedMs = (System.nanoTime() - started) / 1_000_000;

        if (waitingHoldsARequestThread()) {
            // Can't be faster than the waits laid end to end on the request threads.
            assertTrue(elapsedMs >= SERIALISED_MS * 9 / 10,
                    "burst took " + elapsedMs + " ms; serialised on the request threads it needs " + SERIALISED_MS);
        } else {
            // All waits overlap: about one latency, far below the serialised time.
            assertTrue(elapsedMs < SERIALISED_MS / 2,
                    "burst took " + elapsedMs + " ms; overlapping waits take about " + LATENCY_MS
                            + ", serialised ones " + SERIALISED_MS);
        }
    }
}
