package dev.shapeslab.execution.webflux;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.execution.HttpTestSupport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.springframework.boot.reactor.netty.NettyWebServer;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.server.reactive.context.ReactiveWebServerApplicationContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/**
 * What webflux changes below the contract: Reactor Netty serves, and neither Tomcat nor Jersey starts; and every
 * error is problem+json without internals, the ones WebFlux and Reactor Netty answer themselves included (sent over a
 * raw socket, since an HTTP client would refuse to send most of them). The same context as {@link WebFluxOnStubTests}.
 */
@ActiveProfiles({"webflux", "stub"})
@TestPropertySource(properties = "stub.latency=2ms")
public class WebFluxServerTests extends HttpTestSupport {

    private static final String END = "Host: localhost\r\nConnection: close\r\n\r\n";

    @LocalServerPort
    private int port;

    @Test
    public void reactorNettyServesAndNeitherTomcatNorJerseyStarts() {
        assertTrue(applicationContext instanceof ReactiveWebServerApplicationContext, applicationContext.getClass().getName());
        assertTrue(((ReactiveWebServerApplicationContext) applicationContext).getWebServer() instanceof NettyWebServer);
        for (String servletOnly : new String[] {"org.glassfish.jersey.server.ResourceConfig",
                "org.springframework.boot.web.servlet.FilterRegistrationBean",
                "org.springframework.boot.web.server.servlet.ServletWebServerFactory"}) {
            assertEquals(applicationContext.getBeanNamesForType(type(servletOnly)).length, 0, servletOnly);
        }
    }

    @DataProvider
    public Object[][] refusedRequests() {
        return new Object[][] {
                {"GET /no-such-resource HTTP/1.1\r\n" + END, 404},
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
                {"POST /circles HTTP/1.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n" + END
                        + "zz\r\nabc\r\n0\r\n\r\n", 400},
        };
    }

    @Test(dataProvider = "refusedRequests")
    public void theServersOwnErrorsAreProblemJsonWithoutInternals(String request, int status) throws IOException {
        String response = exchange(request);
        String head = response.substring(0, Math.max(0, response.indexOf("\r\n\r\n")));
        String body = response.substring(response.indexOf("\r\n\r\n") + 4);

        assertTrue(head.startsWith("HTTP/1.1 " + status + " "), response);
        assertTrue(head.toLowerCase().contains("content-type: application/problem+json"), response);
        assertTrue(body.startsWith("{\"type\":\"about:blank\",") && body.contains("\"status\":" + status), response);
        assertFalse(body.matches("(?is).*(exception|java\\.|springframework|netty|jackson|<html).*"), response);
    }

    private String exchange(String request) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            ByteArrayOutputStream received = new ByteArrayOutputStream();
            InputStream in = socket.getInputStream();
            in.transferTo(received);
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
