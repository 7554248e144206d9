package dev.shapeslab.execution;

import static org.awaitility.Awaitility.await;
import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.faults.FaultTests;
import dev.shapeslab.web.ResourcePaths;
import dev.shapeslab.web.admission.Admission;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.springframework.test.context.TestPropertySource;
import org.testng.annotations.Test;

/**
 * Waiting for a place holds no thread, in any variant: on the stub with {@value #LATENCY_MS} ms of latency,
 * Tomcat limited to {@value #TOMCAT_THREADS} request threads and one request admitted at a time,
 * {@value #MAX_QUEUE} more requests wait at once, more than there are threads left, and each is then served
 * on the thread its variant promises. The one past the full queue is answered 503 at once
 * ({@code refusal-delay=0}, Tomcat's and Jetty's default). (That a wait ends after {@code max-wait}, and that a refusal
 * held for {@code refusal-delay} is never served, is shown by {@link FaultTests}.)
 *
 * <p>Under Tomcat, its own timeout of an asynchronous cycle that sets none is far shorter than the waits here
 * ({@value #TOMCAT_ASYNC_TIMEOUT_MS} ms): only admission may end a wait. A waiting cycle that Tomcat timed out while
 * admission still held it in its queue is what once left cycles open under load
 * (docs/notebook/2026-11-27-the-lost-async-completion.md): a queue's timer running late does the same.
 */
@TestPropertySource(properties = {
        "stub.latency=" + AdmissionQueueTests.LATENCY_MS + "ms",
        "server.tomcat.threads.max=" + AdmissionQueueTests.TOMCAT_THREADS,
        "server.tomcat.threads.min-spare=" + AdmissionQueueTests.TOMCAT_THREADS,
        "shapes.admission.max-in-flight=1",
        "shapes.admission.max-queue=" + AdmissionQueueTests.MAX_QUEUE,
        "shapes.admission.max-wait=60s",
        "shapes.admission.refusal-delay=0s",
        "shapes.tomcat.connector.asyncTimeout=" + AdmissionQueueTests.TOMCAT_ASYNC_TIMEOUT_MS})
public abstract class AdmissionQueueTests extends HttpTestSupport {

    /** Long enough for the whole burst to arrive while the first request is served. */
    static final int LATENCY_MS = 400;
    static final int TOMCAT_THREADS = 2;
    static final int MAX_QUEUE = 3;
    static final int TOMCAT_ASYNC_TIMEOUT_MS = 250;

    @Test
    public void requestsPastTheLimitWaitHoldingNoThreadAndAreServedInTurn() {
        Admission admission = admission();
        // A page of one: one store call, as a read by id, without first creating a circle (one latency more).
        String path = ResourcePaths.CIRCLES + "?limit=1";
        HttpResponse<String> alone = get(path);
        // Its place is given back when its cycle ends (under virtual, from admission's own thread).
        await().atMost(Duration.ofSeconds(30)).until(admission::inFlight, count -> count == 0);
        long waitedBefore = admission.waited();

        List<CompletableFuture<HttpResponse<String>>> served = new ArrayList<>();
        for (int i = 0; i < 1 + MAX_QUEUE; i++) {
            served.add(send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(60)).GET().build()));
        }
        // One served, the others waiting at once: more than the request threads left, so none holds one.
        await().atMost(Duration.ofSeconds(30)).until(admission::waiting, count -> count == MAX_QUEUE);
        assertTrue(MAX_QUEUE > TOMCAT_THREADS - 1);
        HttpResponse<String> queueFull = get(path);
        FaultTests.assertUnavailable(queueFull);

        for (CompletableFuture<HttpResponse<String>> response : served) {
            HttpResponse<String> answer = response.join();
            assertEquals(answer.statusCode(), 200, answer.body());
            assertEquals(answer.headers().firstValue(ThreadRecording.REQUEST_VIRTUAL),
                    alone.headers().firstValue(ThreadRecording.REQUEST_VIRTUAL), "served on its variant's kind of thread");
            assertEquals(answer.headers().firstValue(ThreadRecording.REQUEST_THREAD).map(AdmissionQueueTests::pool),
                    alone.headers().firstValue(ThreadRecording.REQUEST_THREAD).map(AdmissionQueueTests::pool),
                    "served on its variant's own threads");
        }
        assertEquals(admission.waited(), waitedBefore + MAX_QUEUE);
        // A place is given back when the request's cycle ends, just after its answer has reached the client.
        await().atMost(Duration.ofSeconds(30)).until(admission::inFlight, count -> count == 0);
    }

    /** A thread's name without its number: http-nio-127.0.0.1-0-exec-3 → http-nio-127.0.0.1-0-exec-. */
    private static String pool(String threadName) {
        return threadName.replaceAll("\\d+$", "");
    }
}
