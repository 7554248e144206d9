package dev.shapeslab.web;

import static org.awaitility.Awaitility.await;
import static org.testng.Assert.assertEquals;
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
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.web.admission.TomcatAdmission;
import dev.shapeslab.web.jersey.ResponseBodyGuard;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;
import org.testng.annotations.AfterMethod;
import org.testng.annotations.BeforeMethod;
import org.testng.annotations.Test;

/** A client that goes away while its response is being written is not an error of the service. */
@ActiveProfiles({"plain", "stub"})
public class ClientAbortTests extends HttpTestSupport {

    @LocalServerPort
    private int port;

    @Autowired
    private EntityStore<Drawing> drawings;

    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private final Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    private final Logger guard = (Logger) LoggerFactory.getLogger(ResponseBodyGuard.class);
    private Level guardLevel;

    @BeforeMethod
    public void recordTheLog() {
        logged.start();
        root.addAppender(logged);
        guardLevel = guard.getLevel();
        guard.setLevel(Level.DEBUG);
    }

    @AfterMethod(alwaysRun = true)
    public void stopRecording() {
        root.detachAppender(logged);
        guard.setLevel(guardLevel);
    }

    @Test
    public void aResponseCutOffByTheClientIsLoggedAtDebugNotAsAnError() throws Exception {
        // A page far larger than the socket buffers between the two ends: the server is still writing it
        // when the client resets the connection, so the write itself fails.
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
        TomcatAdmission admission = applicationContext.getBean(TomcatAdmission.class);

        try (Socket socket = new Socket()) {
            socket.setReceiveBufferSize(1024); // a small window, so the server blocks on its writes
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            socket.getOutputStream().write(("GET " + ResourcePaths.DRAWINGS + "?limit=300 HTTP/1.1\r\n"
                    + "Host: localhost\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            InputStream in = socket.getInputStream();
            byte[] head = in.readNBytes(12);
            assertEquals(new String(head, StandardCharsets.ISO_8859_1), "HTTP/1.1 200", "the response has started");
            socket.setSoLinger(true, 0); // close with a reset, as a client that gives up does
        }

        await().atMost(Duration.ofSeconds(30)).until(admission::inFlight, count -> count == 0);
        List<ILoggingEvent> errors = logged.list.stream().filter(line -> line.getLevel().isGreaterOrEqual(Level.WARN))
                .toList();
        assertEquals(errors.stream().map(ILoggingEvent::getFormattedMessage).toList(), List.of());
        assertTrue(logged.list.stream().anyMatch(line -> line.getLoggerName().equals(ResponseBodyGuard.class.getName())
                && line.getFormattedMessage().startsWith("The client closed its connection")), "the write failed");
    }
}
