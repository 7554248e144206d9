package dev.shapeslab.execution.vertx;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.execution.HttpTestSupport;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/**
 * What vertx changes below the contract: Vert.x serves, and no Spring web server (Tomcat, Reactor Netty) starts; and
 * every error is problem+json without internals, the ones Vert.x Web and Vert.x's HTTP server answer themselves
 * included (sent over a raw socket, since an HTTP client would refuse to send most of them). The same context as
 * {@link VertxOnStubTests}.
 */
@ActiveProfiles({"vertx", "stub"})
@TestPropertySource(properties = "stub.latency=2ms")
public class VertxServerTests extends HttpTestSupport {

    private static final String END = "Host: localhost\r\nConnection: close\r\n\r\n";
    private static final Pattern CONTENT_LENGTH = Pattern.compile("(?im)^content-length:\\s*(\\d+)\\s*$");

    @LocalServerPort
    private int port;

    @Test
    public void vertxServesAndNoSpringWebServerStarts() {
        assertFalse(applicationContext instanceof WebServerApplicationContext, applicationContext.getClass().getName());
        for (String serverOnly : new String[] {"org.glassfish.jersey.server.ResourceConfig",
                "org.springframework.boot.web.server.servlet.ServletWebServerFactory",
                "org.springframework.boot.web.server.reactive.ReactiveWebServerFactory",
                "org.springframework.web.reactive.DispatcherHandler"}) {
            assertEquals(applicationContext.getBeanNamesForType(type(serverOnly)).length, 0, serverOnly);
        }
        assertEquals(applicationContext.getBeansOfType(io.vertx.core.Vertx.class).size(), 1);
    }

    @DataProvider
    public Object[][] refusedRequests() {
        return new Object[][] {
                {"GET /no-such-resource HTTP/1.1\r\n" + END, 404},
                {"GET /circles/abc HTTP/1.1\r\n" + END, 404},
                {"POST /circles/1 HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n" + END + "{}", 405},
                {"TRACE /circles HTTP/1.1\r\n" + END, 405},
                {"GET /circles HTTP/1.1\r\nAccept: text/csv\r\n" + END, 406},
                {"POST /circles HTTP/1.1\r\nContent-Type: application/xml\r\nContent-Length: 2\r\n" + END + "{}", 415},
                {"POST /circles HTTP/1.1\r\nContent-Type: ;;;\r\nContent-Length: 2\r\n" + END + "{}", 415},
                {"POST /circles HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 3\r\n" + END + "{,}", 400},
                {"POST /circles HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n" + END + "\u00ff{", 400},
                {"POST /circles HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2000000\r\n" + END, 413},
                {"GET /circles HTTP/1.1\r\nBad Header\r\n" + END, 400},
                {"GARBAGE\r\n\r\n", 400},
                {"GET /" + "a".repeat(20_000) + " HTTP/1.1\r\n" + END, 414},
                {"GET /circles HTTP/1.1\r\nX-Big: " + "b".repeat(20_000) + "\r\n" + END, 431},
                {"GET /circles HTTP/1.1\r\nContent-Length: abc\r\n" + END, 400},
                {"GET /circles?limit=%zz HTTP/1.1\r\n" + END, 400},
                // Not here: a malformed chunk in a body. Vert.x closes the connection at once, without an answer.
        };
    }

    @Test(dataProvider = "refusedRequests")
    public void theServersOwnErrorsAreProblemJsonWithoutInternals(String request, int status) throws IOException {
        String response = exchange(request);
        String head = response.substring(0, Math.max(0, response.indexOf("\r\n\r\n")));
        String body = response.substring(response.indexOf("\r\n\r\n") + 4);

        // HTTP/1.0 where the request line could not be read: Vert.x answers in the version Netty's decoder fell back to.
        assertTrue(head.matches("(?s)HTTP/1\\.[01] " + status + " .*"), response);
        assertTrue(head.toLowerCase().contains("content-type: application/problem+json"), response);
        assertTrue(body.startsWith("{\"type\":\"about:blank\",") && body.contains("\"status\":" + status), response);
        assertFalse(body.matches("(?is).*(exception|java\\.|springframework|netty|jackson|vertx|<html).*"), response);
    }

    /**
     * The answer: its head, and its body as long as its {@code Content-Length} says (to the end of the connection if it
     * says none). Not to the end of the connection always: after a 413 Vert.x first swallows the declared body, which
     * never comes here, for up to {@code VertxProblems.SWALLOW_MILLIS} (5 s) before it closes.
     */
    private String exchange(String request) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            ByteArrayOutputStream received = new ByteArrayOutputStream();
            InputStream in = new BufferedInputStream(socket.getInputStream());
            int next;
            while (!received.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n") && (next = in.read()) != -1) {
                received.write(next);
            }
            Matcher length = CONTENT_LENGTH.matcher(received.toString(StandardCharsets.ISO_8859_1));
            if (length.find()) {
                received.write(in.readNBytes(Integer.parseInt(length.group(1))));
            } else {
                in.transferTo(received);
            }
            return received.toString(StandardCharsets.UTF_8);
        }
    }

    private static Class<?> type(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException absent) {
            throw new AssertionError(name + " is on the test classpath", absent);
        }
    }
}
