package dev.shapeslab.execution.plain;

import static org.awaitility.Awaitility.await;
import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.faults.FaultTests;
import dev.shapeslab.faults.H2FaultTests;
import dev.shapeslab.web.ResourcePaths;
import dev.shapeslab.web.admission.Admission;
import dev.shapeslab.web.admission.AdmissionSettings;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;
import org.testng.annotations.Test;

/**
 * Faults and overload under variant plain on the h2 backend, served by Jetty; and what admission on Jetty adds to the
 * overload test: a waiting request holds no Jetty thread, and a client that leaves mid-request gives its place back.
 */
@ActiveProfiles({"plain", "h2", "jetty"})
public class PlainFaultOnJettyTests extends H2FaultTests {

    private static final String SLOW = "{\"colour\":\"slow\",\"position\":{\"x\":1,\"y\":2},\"radius\":3}";

    @LocalServerPort
    private int port;

    /**
     * Every place is held by a create whose body comes slowly (under plain its thread blocks reading it). Another
     * request then waits, and Jetty's busy threads are as many as before it came; it is turned away with 503 and
     * {@code Retry-After} once it has waited {@code max-wait}. The held creates' clients then go away mid-request
     * (a reset), and each place comes back on the request's completion; nothing they sent is stored.
     */
    @Test
    public void aWaitingRequestHoldsNoJettyThreadAndAClientLeavingMidRequestGivesItsPlaceBack() throws Exception {
        Admission admission = admission();
        int places = applicationContext.getBean(AdmissionSettings.class).maxInFlight();
        QueuedThreadPool pool = jettyThreadPool();
        assertEquals(create("warm"), 201);
        awaitInFlight(admission, 0);
        long timedOutBefore = admission.timedOut();
        List<Socket> holders = new ArrayList<>();
        try {
            for (int i = 1; i <= places; i++) {
                holders.add(slowCreate());
                awaitInFlight(admission, i);
            }
            int busyHolding = pool.getBusyThreads();
            CompletableFuture<HttpResponse<String>> waiting = send(HttpRequest.newBuilder(
                    uri(ResourcePaths.CIRCLES + "?limit=1")).timeout(Duration.ofSeconds(30)).build());
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> admission.waiting() == 1 && pool.getBusyThreads() <= busyHolding);
            FaultTests.assertUnavailable(waiting.join());
            assertEquals(admission.timedOut(), timedOutBefore + 1);
        } finally {
            for (Socket holder : holders) {
                holder.setSoLinger(true, 0); // a client that gives up resets its connection
                holder.close();
            }
        }
        awaitInFlight(admission, 0);
        assertEquals(create("after"), 201);
        assertEquals(database().countCircles("slow"), 0);
    }

    /** A create whose body is sent in part: the request thread blocks reading the rest. */
    private Socket slowCreate() throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
        socket.getOutputStream().write(("POST " + ResourcePaths.CIRCLES + " HTTP/1.1\r\nHost: localhost\r\n"
                + "Content-Type: application/json\r\nContent-Length: " + SLOW.length() + "\r\n\r\n"
                + SLOW.substring(0, 10)).getBytes(StandardCharsets.ISO_8859_1));
        socket.getOutputStream().flush();
        return socket;
    }

    private int create(String colour) {
        return send(postCircle(colour).timeout(Duration.ofSeconds(30)).build()).join().statusCode();
    }

    private static void awaitInFlight(Admission admission, int expected) {
        await().atMost(Duration.ofSeconds(30)).until(admission::inFlight, count -> count == expected);
    }
}
