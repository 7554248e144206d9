package dev.shapeslab.execution;

import static org.awaitility.Awaitility.await;
import static org.testng.Assert.assertEquals;

import dev.shapeslab.faults.FaultTests;
import dev.shapeslab.web.ResourcePaths;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.springframework.test.context.TestPropertySource;
import org.testng.annotations.Test;

/**
 * On Jetty, admission reads, queues and turns away requests on the selector thread that read them: only a request
 * admitted takes one of Jetty's request threads. So with every one of them held, requests past the admitted still wait
 * their turn and the one past the full queue is still answered 503 at once.
 */
@TestPropertySource(properties = {
        "server.jetty.threads.max=" + JettyAdmissionQueueTests.JETTY_THREADS,
        "server.jetty.threads.min=" + JettyAdmissionQueueTests.JETTY_THREADS})
public abstract class JettyAdmissionQueueTests extends AdmissionQueueTests {

    /** Room for the connector's acceptor and selector, and a few request threads. */
    static final int JETTY_THREADS = 8;

    @Test
    public void requestsPastTheAdmittedAreQueuedAndTurnedAwayWithEveryRequestThreadHeld() {
        QueuedThreadPool pool = jettyThreadPool();
        String path = ResourcePaths.CIRCLES + "?limit=1";
        await().atMost(Duration.ofSeconds(30)).until(admission()::inFlight, count -> count == 0);

        CountDownLatch release = new CountDownLatch(1);
        List<CompletableFuture<HttpResponse<String>>> served;
        try {
            // More tasks than the pool has threads: every thread busy, the rest of them waiting in the pool's queue.
            for (int i = 0; i < pool.getMaxThreads(); i++) {
                pool.execute(() -> {
                    try {
                        release.await();
                    } catch (InterruptedException stopping) {
                        Thread.currentThread().interrupt();
                    }
                });
            }
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> pool.getThreads() == pool.getMaxThreads() && pool.getIdleThreads() == 0
                            && pool.getQueueSize() > 0);

            served = fillQueue(path);
            FaultTests.assertUnavailable(get(path));
            assertEquals(pool.getIdleThreads(), 0, "every request thread still held");
        } finally {
            release.countDown();
        }
        for (CompletableFuture<HttpResponse<String>> response : served) {
            HttpResponse<String> answer = response.join();
            assertEquals(answer.statusCode(), 200, answer.body());
        }
    }
}
