package dev.shapeslab.web;

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
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/**
 * Every error is problem+json, the ones Jersey never sees included: Tomcat's own answers to requests it
 * refuses (method, path, protocol, malformed request line, header or body framing) and error responses left
 * without a body. Sent over a raw socket, since an HTTP client would refuse to send most of them.
 */
@ActiveProfiles({"plain", "stub"})
public class ContainerErrorTests extends HttpTestSupport {

    private static final String END = "Host: localhost\r\nConnection: close\r\n\r\n";

    @LocalServerPort
    private int port;

    @DataProvider
    public Object[][] refusedRequests() {
        return new Object[][] {
                {"TRACE /circles HTTP/1.1\r\n" + END, 405},
                {"GET /WEB-INF/web.xml HTTP/1.1\r\n" + END, 404},
                {"GET /META-INF/MANIFEST.MF HTTP/1.1\r\n" + END, 404},
                {"GET /circles HTTP/2.0\r\n" + END, 505},
                {"GET /circles HTTP/1.1\r\nBad Header\r\n" + END, 400},
                {"GET /a%zzb HTTP/1.1\r\n" + END, 400},
                {"GE\u0001T /circles HTTP/1.1\r\n" + END, 400},
                {"GET /circles HTTP/1.1\r\nHost: other\r\n" + END, 400},
                {"GARBAGE\r\n\r\n", 400},
                {"GET /" + "a".repeat(20_000) + " HTTP/1.1\r\n" + END, 400},
                {"GET /circles HTTP/1.1\r\nX-Big: " + "b".repeat(20_000) + "\r\n" + END, 400},
                {"GET /circles HTTP/1.1\r\nContent-Length: abc\r\n" + END, 400},
                {"GET /circles HTTP/1.1\r\nContent-Type: ;;;\r\n" + END, 400},
                {"POST /circles HTTP/1.1\r\nContent-Type: ;;;\r\nContent-Length: 2\r\n" + END + "{}", 400},
                {"POST /circles HTTP/1.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n" + END
                        + "zz\r\nabc\r\n0\r\n\r\n", 400},
        };
    }

    @Test(dataProvider = "refusedRequests")
    public void theContainersOwnErrorsAreProblemJson(String request, int status) throws IOException {
        String response = exchange(request);
        String head = response.substring(0, Math.max(0, response.indexOf("\r\n\r\n")));
        String body = response.substring(response.indexOf("\r\n\r\n") + 4);

        assertTrue(head.startsWith("HTTP/1.1 " + status + " "), response);
        assertTrue(head.toLowerCase().contains("content-type: application/problem+json"), response);
        assertTrue(body.startsWith("{\"type\":\"about:blank\",") && body.contains("\"status\":" + status), response);
        assertFalse(body.contains("<html") || body.contains("Tomcat") || body.contains("Exception"), response);
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
}
