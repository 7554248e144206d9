package dev.shapeslab.execution.webflux;

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
 * Proves webflux's threading by its effects: on the stub with {@value #LATENCY_MS} ms of latency, waited for on
 * Reactor's timer, a burst of {@value #BURST} requests is in flight at once, more than every thread the server has
 * that could hold one (its event loops, its blocking pool, Reactor's timer threads), while no blocking thread is
 * busy: a waiting request holds no thread.
 * ({@link WebFluxEventLoopTests}: each request is read and answered on its connection's event loop.)
 */
@ActiveProfiles({"webflux", "stub"})
@TestPropertySource(properties = "stub.latency=" + WebFluxThreadingTests.LATENCY_MS + "ms")
public class WebFluxThreadingTests extends HttpTestSupport {

    /** Long enough for the whole burst to arrive while the first request still waits. */
    static final int LATENCY_MS = 1000;
    static final int BURST = 64;
    /**
     * Reactor Netty's event loops: reactor-http-* in the app, webflux-http-* in the tests (Boot's test support gives
     * each context loop resources of its own, which Spring names so).
     */
    static final String EVENT_LOOPS = "(reactor|webflux)-http-";

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
        int serverThreads = threadsNamed(EVENT_LOOPS) + threadsNamed(pool.threadPrefix())
                + threadsNamed("parallel-");
        int busyWhileWaiting = pool.busyThreads();
        burst.forEach(response -> assertEquals(response.join().statusCode(), 200));

        assertEquals(ThreadRecording.peak(), BURST);
        assertTrue(serverThreads < BURST, BURST + " requests waited at once on " + serverThreads + " threads");
        assertEquals(busyWhileWaiting, 0, "blocking threads busy while every request waited on the timer");
    }


    private static int threadsNamed(String prefix) {
        return (int) Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive)
                .filter(thread -> thread.getName().matches(prefix + ".*")).count();
    }
}
