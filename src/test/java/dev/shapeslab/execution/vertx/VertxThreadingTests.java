package dev.shapeslab.execution.vertx;

import static org.awaitility.Awaitility.await;
import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.execution.BlockingPool;
import dev.shapeslab.execution.HttpTestSupport;
import dev.shapeslab.execution.ThreadRecording;
import dev.shapeslab.web.ResourcePaths;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;
import org.testng.annotations.Test;

/**
 * Proves vertx's threading by its effects: on the stub with {@value #LATENCY_MS} ms of latency, waited for on a
 * Vert.x timer, a burst of {@value #BURST} requests is in flight at once, more than every thread that could hold one
 * (Vert.x's event loops and the store calls' pool threads; its timers fire on the event loops), while no pool thread
 * is busy: a waiting request holds no thread. Each request is read and answered on one event loop, its connection's.
 */
@ActiveProfiles({"vertx", "stub"})
@TestPropertySource(properties = "stub.latency=" + VertxThreadingTests.LATENCY_MS + "ms")
public class VertxThreadingTests extends HttpTestSupport {

    /** Long enough for the whole burst to arrive while the first request still waits. */
    static final int LATENCY_MS = 1000;
    static final int BURST = 64;
    static final String EVENT_LOOPS = "vert.x-eventloop-thread-";

    @Test
    public void aBurstWaitsAtOnceOnFewerThreadsThanRequestsAndNoneBlocks() {
        BlockingPool pool = applicationContext.getBean(BlockingPool.class);
        // A page of one: one store call, as a read by id, without first creating a circle (one latency more).
        String path = ResourcePaths.CIRCLES + "?limit=1";
        get(path); // connections and code paths warm
        ThreadRecording.resetPeak();

        List<CompletableFuture<HttpResponse<String>>> burst = new ArrayList<>();
        for (int i = 0; i < BURST; i++) {
            burst.add(send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(60)).GET().build()));
        }
        await().atMost(Duration.ofSeconds(30)).until(ThreadRecording::inFlight, count -> count == BURST);
        // Every thread of Vert.x (event loops, its acceptor and default workers) and the store calls' pool threads.
        int serverThreads = threadsNamed("vert.x-") + threadsNamed(pool.threadPrefix());
        int busyWhileWaiting = pool.busyThreads();
        List<HttpResponse<String>> answers = burst.stream().map(CompletableFuture::join).toList();

        answers.forEach(response -> assertEquals(response.statusCode(), 200, response.body()));
        assertEquals(ThreadRecording.peak(), BURST);
        assertTrue(serverThreads < BURST, BURST + " requests waited at once on " + serverThreads + " threads");
        assertEquals(busyWhileWaiting, 0, "pool threads busy while every request waited on the timer");
        for (HttpResponse<String> response : answers) {
            String requestThread = response.headers().firstValue(ThreadRecording.REQUEST_THREAD).orElseThrow();
            assertTrue(requestThread.startsWith(EVENT_LOOPS), requestThread);
            assertEquals(response.headers().firstValue(ThreadRecording.RESPONSE_THREAD).orElseThrow(), requestThread,
                    "answered on the event loop that read it");
        }
    }

    static int threadsNamed(String prefix) {
        return (int) Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive)
                .filter(thread -> thread.getName().startsWith(prefix)).count();
    }
}
