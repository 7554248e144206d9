package dev.shapeslab.execution;

import static org.awaitility.Awaitility.await;
import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.deployment.Deployment;
import dev.shapeslab.faults.FaultTests;
import dev.shapeslab.web.ResourcePaths;
import dev.shapeslab.web.admission.Admission;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.test.context.TestPropertySource;
import org.testng.annotations.Test;

/**
 * Waiting for a place holds no thread, in any variant: on the stub with {@value #LATENCY_MS} ms of latency,
 * Tomcat limited to {@value #TOMCAT_THREADS} request threads and one request admitted at a time,
 * {@value #MAX_QUEUE} more requests wait at once, more than there are threads left, and each is then served
 * on the thread its variant promises. The one past the full queue is answered 503 at once
 * ({@code refusal-delay=0}, Tomcat's default). (That a wait ends after {@code max-wait}, and that a refusal held for
 * {@code refusal-delay} is never served, is shown by {@link FaultTests}.)
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
    protected static final int MAX_QUEUE = 3;
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

        // One served, the others waiting at once: more than the request threads left, so none holds one.
        List<CompletableFuture<HttpResponse<String>>> served = fillQueue(path);
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

    /**
     * A create turned away keeps its connection, its body read, on every server but Tomcat (which closes it after every
     * 503, and says so): at 5,000 clients the creates among the requests turned away would otherwise cost each client a
     * new connection and the server an accept, on the threads that serve the admitted requests.
     */
    @Test
    public void aCreateTurnedAwayKeepsItsConnectionButOnTomcat() throws IOException {
        Admission admission = admission();
        String path = ResourcePaths.CIRCLES + "?limit=1";
        List<CompletableFuture<HttpResponse<String>>> served = fillQueue(path);
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port())) {
            socket.setSoTimeout(30_000);
            InputStream in = new BufferedInputStream(socket.getInputStream());
            String body = "{\"colour\":\"turned-away\",\"position\":{\"x\":1.5,\"y\":2.5},\"radius\":3}";
            write(socket, "POST " + ResourcePaths.CIRCLES + " HTTP/1.1\r\nHost: localhost\r\n"
                    + "Content-Type: application/json\r\nContent-Length: " + body.length() + "\r\n\r\n" + body);
            String refused = readResponse(in);
            served.forEach(CompletableFuture::join); // the queue drains, whatever is asserted below
            await().atMost(Duration.ofSeconds(30)).until(admission::inFlight, count -> count == 0);
            assertTrue(refused.startsWith("HTTP/1.1 503 "), refused);
            boolean tomcat = Deployment.of(applicationContext.getEnvironment()).server() == Deployment.Server.TOMCAT;
            assertEquals(refused.toLowerCase().contains("\r\nconnection: close\r\n"), tomcat, refused);
            if (tomcat) {
                assertEquals(in.read(), -1, "Tomcat closes the connection after a 503");
            } else {
                write(socket, "GET " + path + " HTTP/1.1\r\nHost: localhost\r\n\r\n");
                String next = readResponse(in);
                assertTrue(next.startsWith("HTTP/1.1 200 "), "the next request on the connection is served: " + next);
            }
        }
        HttpResponse<String> stored = get(ResourcePaths.CIRCLES);
        assertFalse(stored.body().contains("turned-away"), "the create turned away never ran: " + stored.body());
    }

    /**
     * Sends {@code 1 + MAX_QUEUE} reads of {@code path} at once and returns when one is admitted and the others wait,
     * the queue full: the next request is turned away.
     */
    protected List<CompletableFuture<HttpResponse<String>>> fillQueue(String path) {
        List<CompletableFuture<HttpResponse<String>>> served = new ArrayList<>();
        for (int i = 0; i < 1 + MAX_QUEUE; i++) {
            served.add(send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(60)).GET().build()));
        }
        await().atMost(Duration.ofSeconds(30)).until(admission()::waiting, count -> count == MAX_QUEUE);
        return served;
    }

    private static final Pattern CONTENT_LENGTH = Pattern.compile("(?im)^content-length:\\s*(\\d+)\\s*$");

    private static void write(Socket socket, String request) throws IOException {
        socket.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
        socket.getOutputStream().flush();
    }

    /** One response: its head, and its body as long as its {@code Content-Length} says. */
    private static String readResponse(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int next;
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n") && (next = in.read()) != -1) {
            head.write(next);
        }
        Matcher length = CONTENT_LENGTH.matcher(head.toString(StandardCharsets.ISO_8859_1));
        assertTrue(length.find(), "a Content-Length: " + head);
        return head.toString(StandardCharsets.ISO_8859_1)
                + new String(in.readNBytes(Integer.parseInt(length.group(1))), StandardCharsets.UTF_8);
    }

    /** A thread's name without its number: http-nio-127.0.0.1-0-exec-3 → http-nio-127.0.0.1-0-exec-. */
    private static String pool(String threadName) {
        return threadName.replaceAll("\\d+$", "");
    }
}
