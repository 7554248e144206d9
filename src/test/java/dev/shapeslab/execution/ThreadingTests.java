package dev.shapeslab.execution;

import static org.awaitility.Awaitility.await;
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
 * Proves an execution model by its effects, not by a stopwatch: on the stub with {@value #LATENCY_MS} ms of
 * latency per operation and Tomcat limited to {@value #TOMCAT_THREADS} request threads, a burst of
 * {@value #BURST} concurrent requests has at most {@value #TOMCAT_THREADS} in flight at once when each
 * holds a request thread while it waits, and all {@value #BURST} when none does.
 */
@TestPropertySource(properties = {
        "stub.latency=" + ThreadingTests.LATENCY_MS + "ms",
        "server.tomcat.threads.max=" + ThreadingTests.TOMCAT_THREADS,
        "server.tomcat.threads.min-spare=" + ThreadingTests.TOMCAT_THREADS})
public abstract class ThreadingTests extends HttpTestSupport {

    /** Long enough for the whole burst to arrive while the first request still waits. */
    static final int LATENCY_MS = 400;
    static final int TOMCAT_THREADS = 2;
    static final int BURST = 8;

    /** Whether a waiting request holds one of Tomcat's request threads. */
    protected abstract boolean waitingHoldsARequestThread();

    @Test
    public void requestsWaitAtOnceOnlyAsManyAsTheThreadModelAllows() {
        // A page of one: one store call, as a read by id, without first creating a circle (one latency more).
        String path = ResourcePaths.CIRCLES + "?limit=1";
        get(path); // connections and code paths warm
        ThreadRecording.resetPeak();

        List<CompletableFuture<HttpResponse<String>>> burst = new ArrayList<>();
        for (int i = 0; i < BURST; i++) {
            burst.add(send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(60)).GET().build()));
        }
        if (!waitingHoldsARequestThread()) {
            // Every request of the burst waits at once: none holds a thread another one needs.
            await().atMost(Duration.ofSeconds(30)).until(ThreadRecording::inFlight, count -> count == BURST);
        }
        burst.forEach(response -> assertEquals(response.join().statusCode(), 200));

        if (waitingHoldsARequestThread()) {
            // A waiting request holds its request thread: never more in flight than there are threads.
            assertTrue(ThreadRecording.peak() <= TOMCAT_THREADS,
                    ThreadRecording.peak() + " requests in flight at once on " + TOMCAT_THREADS + " request threads");
        } else {
            assertEquals(ThreadRecording.peak(), BURST);
        }
    }
}
