package dev.shapeslab.web.jetty;

import static org.awaitility.Awaitility.await;
import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.shapeslab.domain.Circle;
import dev.shapeslab.domain.Drawing;
import dev.shapeslab.domain.Position;
import dev.shapeslab.domain.Shape;
import dev.shapeslab.execution.HttpTestSupport;
import dev.shapeslab.execution.plain.PlainFaultOnJettyTests;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.web.ResourcePaths;
import dev.shapeslab.web.admission.Admission;
import dev.shapeslab.web.jersey.ResponseBodyGuard;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.jetty.JettyWebServer;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.test.context.ActiveProfiles;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/**
 * What the service adds to Jetty (profile {@code jetty}): its own refusals are problem+json and name no server, an
 * answer names no server, a body refused unread is read to its end after the answer, and a client that leaves
 * mid-answer gives its request's place back and logs no error: the
 * counterparts of {@code ContainerErrorTests} and {@code ClientAbortTests} on Tomcat, in one application. Admission on
 * Jetty is shown by the fault tests on Jetty ({@link PlainFaultOnJettyTests}, {@code AsyncFaultOnJettyTests}).
 */
@ActiveProfiles({"plain", "stub", "jetty"})
public class JettyServerTests extends HttpTestSupport {

    private static final String END = "Host: localhost\r\nConnection: close\r\n\r\n";

    @LocalServerPort
    private int port;

    @Autowired
    private EntityStore<Drawing> drawings;

    @Autowired
    private WebServerApplicationContext context;

    /**
     * Jetty's default builds each connection's parser a header field cache of 1,024 entries, about 100 KB of heap for
     * as long as the connection is open (docs/notebook/2026-11-27-jetty-heap-per-connection.md): none here.
     */
    @Test
    public void noConnectionKeepsAHeaderFieldCache() {
        Server server = ((JettyWebServer) context.getWebServer()).getServer();
        List<Integer> sizes = new ArrayList<>();
        for (Connector connector : server.getConnectors()) {
            sizes.add(connector.getConnectionFactory(HttpConnectionFactory.class).getHttpConfiguration().getHeaderCacheSize());
        }
        assertFalse(sizes.isEmpty());
        assertTrue(sizes.stream().allMatch(size -> size == 0), "header cache sizes " + sizes);
    }

    @DataProvider
    public Object[][] refusedRequests() {
        return new Object[][] {
                {"TRACE /circles HTTP/1.1\r\n" + END, 405},
                {"FOO /circles HTTP/1.1\r\n" + END, 405},
                {"GET /WEB-INF/web.xml HTTP/1.1\r\n" + END, 404},
                {"DELETE /WEB-INF/web.xml HTTP/1.1\r\n" + END, 404},
                {"GET /META-INF/MANIFEST.MF HTTP/1.1\r\n" + END, 404},
                {"GET /circles HTTP/2.0\r\n" + END, 426},
                {"GET /circles HTTP/1.1\r\nBad Header\r\n" + END, 400},
                {"GET /a%zzb HTTP/1.1\r\n" + END, 400},
                {"GET /%2e%2e/x HTTP/1.1\r\n" + END, 400},
                {"GET /circles//x HTTP/1.1\r\n" + END, 400},
                {"GE\u0001T /circles HTTP/1.1\r\n" + END, 400},
                {"GET /circles HTTP/1.1\r\nHost: other\r\n" + END, 400},
                {"GARBAGE\r\n\r\n", 400},
                {"GET /" + "a".repeat(20_000) + " HTTP/1.1\r\n" + END, 414},
                {"GET /circles HTTP/1.1\r\nX-Big: " + "b".repeat(20_000) + "\r\n" + END, 431},
                {"GET /circles HTTP/1.1\r\nContent-Length: abc\r\n" + END, 400},
                {"GET /circles HTTP/1.1\r\nContent-Type: ;;;\r\n" + END, 400},
                {"POST /circles HTTP/1.1\r\nContent-Type: ;;;\r\nContent-Length: 2\r\n" + END + "{}", 400},
                {"POST /circles HTTP/1.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n" + END
                        + "zz\r\nabc\r\n0\r\n\r\n", 400},
        };
    }

    @Test(dataProvider = "refusedRequests")
    public void jettysOwnErrorsAreProblemJsonAndNameNoServer(String request, int status) throws IOException {
        String response = exchange(request);
        String head = response.substring(0, Math.max(0, response.indexOf("\r\n\r\n")));
        String body = response.substring(response.indexOf("\r\n\r\n") + 4);

        assertTrue(head.startsWith("HTTP/1.1 " + status + " "), response);
        assertTrue(head.toLowerCase().contains("content-type: application/problem+json"), response);
        assertTrue(body.startsWith("{\"type\":\"about:blank\",") && body.contains("\"status\":" + status), response);
        assertFalse(body.contains("<html") || body.contains("Exception") || body.contains("badMessage"), response);
        assertFalse(head.toLowerCase().contains("\nserver:") || response.toLowerCase().contains("jetty"), response);
    }

    @Test
    public void anAnswerNamesNoServer() throws IOException {
        String response = exchange("GET " + ResourcePaths.CIRCLES + "?limit=1 HTTP/1.1\r\n" + END);
        assertTrue(response.startsWith("HTTP/1.1 200 "), response);
        assertFalse(response.toLowerCase().contains("\nserver:") || response.toLowerCase().contains("jetty"), response);
    }

    /**
     * A response far larger than the socket buffers between the two ends, and a client that resets the connection
     * once it has started to read it: the write fails, the request completes failed, and its place comes back. Nothing
     * is logged above DEBUG: a client gone is not the service's failure.
     */
    @Test
    public void aClientThatLeavesMidAnswerGivesItsPlaceBackAndIsNoError() throws Exception {
        drawings.deleteAll();
        for (int i = 0; i < 300; i++) {
            List<Shape<?>> shapes = new ArrayList<>();
            for (int s = 0; s < 30; s++) {
                shapes.add(new Circle("colour-of-a-rather-long-name-" + s, new Position(i, s), s + 1));
            }
            Drawing drawing = new Drawing("drawing-" + i, shapes);
            drawing.initialiseForCreation(Instant.now());
            drawings.insert(drawing);
        }
        Admission admission = admission();
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        Logger guard = (Logger) LoggerFactory.getLogger(ResponseBodyGuard.class);
        Level guardLevel = guard.getLevel();
        logged.start();
        root.addAppender(logged);
        guard.setLevel(Level.DEBUG);
        try (Socket socket = new Socket()) {
            socket.setReceiveBufferSize(1024); // a small window, so the server blocks on its writes
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            socket.getOutputStream().write(("GET " + ResourcePaths.DRAWINGS + "?limit=300 HTTP/1.1\r\n"
                    + "Host: localhost\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            byte[] head = socket.getInputStream().readNBytes(12);
            assertEquals(new String(head, StandardCharsets.ISO_8859_1), "HTTP/1.1 200", "the response has started");
            socket.setSoLinger(true, 0); // close with a reset, as a client that gives up does
        } finally {
            awaitInFlight(admission, 0);
            root.detachAppender(logged);
            guard.setLevel(guardLevel);
            drawings.deleteAll();
        }
        List<ILoggingEvent> errors = logged.list.stream().filter(line -> line.getLevel().isGreaterOrEqual(Level.WARN))
                .toList();
        assertEquals(errors.stream().map(ILoggingEvent::getFormattedMessage).toList(), List.of());
        assertTrue(logged.list.stream().anyMatch(line -> line.getLoggerName().equals(ResponseBodyGuard.class.getName())
                && line.getFormattedMessage().startsWith("The client closed its connection")), "the write failed");
        assertTrue(exchange("GET " + ResourcePaths.CIRCLES + "?limit=1 HTTP/1.1\r\n" + END).startsWith("HTTP/1.1 200 "));
    }

    /**
     * A body refused by its declared length, 413 before any of it is read, and a client that sends the rest of it only
     * once it has the answer: the connection stays open while the client sends the body, which is read and dropped to
     * its end, and then serves the next request. Had Jetty closed the connection after the answer, as it does with a
     * body still to come, the client, still sending, would find it reset (Tomcat's counterpart: its maxSwallowSize).
     */
    @Test
    public void theRestOfABodyRefusedUnreadIsReadSoItsClientCanSendItWhole() throws IOException {
        int length = 1024 * 1024 + 1024; // over shapes.request.max-body-size (1MB), under the 2 MB read and dropped
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            int first = 64 * 1024;
            out.write(("POST " + ResourcePaths.CIRCLES + " HTTP/1.1\r\nHost: localhost\r\n"
                    + "Content-Type: application/json\r\nContent-Length: " + length + "\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.write(new byte[first]);
            out.flush();
            String answer = readOneResponse(socket.getInputStream());
            assertTrue(answer.startsWith("HTTP/1.1 413 "), answer);
            assertTrue(answer.contains("\"status\":413"), answer);

            out.write(new byte[length - first]); // a reset connection fails this write
            out.write(("GET " + ResourcePaths.CIRCLES + "?limit=1 HTTP/1.1\r\n" + END)
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            String next = readAll(socket);
            assertTrue(next.startsWith("HTTP/1.1 200 "), "the body was read to its end, and no further: " + next);
        }
    }

    private static void awaitInFlight(Admission admission, int expected) {
        await().atMost(Duration.ofSeconds(30)).until(admission::inFlight, count -> count == expected);
    }

    private String exchange(String request) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            return readAll(socket);
        }
    }

    private static String readAll(Socket socket) throws IOException {
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        InputStream in = socket.getInputStream();
        in.transferTo(received);
        return received.toString(StandardCharsets.UTF_8);
    }

    /** One response, head and body (by its Content-Length), without waiting for the connection to close. */
    private static String readOneResponse(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int b = in.read();
            assertTrue(b >= 0, "the connection closed mid-response: " + head);
            head.write(b);
        }
        String text = head.toString(StandardCharsets.ISO_8859_1);
        int length = 0;
        for (String line : text.split("\r\n")) {
            if (line.toLowerCase().startsWith("content-length:")) {
                length = Integer.parseInt(line.substring("content-length:".length()).trim());
            }
        }
        return text + new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }
}
