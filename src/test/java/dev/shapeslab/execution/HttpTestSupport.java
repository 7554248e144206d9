package dev.shapeslab.execution;

import static org.testng.Assert.assertEquals;

import dev.shapeslab.web.ResourcePaths;
import dev.shapeslab.web.admission.Admission;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.springframework.boot.jetty.JettyWebServer;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.testng.AbstractTestNGSpringContextTests;

/**
 * A running app on a random port with {@link ThreadRecording}, and a JDK HTTP client that can send many
 * requests at once (one connection each), for tests that observe threads and timing.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Import(ThreadRecording.class)
public abstract class HttpTestSupport extends AbstractTestNGSpringContextTests {

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @LocalServerPort
    private int port;

    /** Admission control: the valve in front of Jersey, or under {@code webflux} the WebFilter. */
    protected Admission admission() {
        return applicationContext.getBean(Admission.class);
    }

    /**
     * Under the profile {@code jetty}, Jetty's pool: its acceptor, selectors and request threads (under {@code virtual},
     * the platform threads of its own tasks).
     */
    protected QueuedThreadPool jettyThreadPool() {
        JettyWebServer server = (JettyWebServer) ((WebServerApplicationContext) applicationContext).getWebServer();
        return (QueuedThreadPool) server.getServer().getThreadPool();
    }

    protected HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(uri(path)).GET().build()).join();
    }

    protected CompletableFuture<HttpResponse<String>> send(HttpRequest request) {
        return client.sendAsync(request, HttpResponse.BodyHandlers.ofString());
    }

    protected int port() {
        return port;
    }

    protected URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    protected HttpRequest.Builder postCircle(String colour) {
        return HttpRequest.newBuilder(uri(ResourcePaths.CIRCLES))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(
                        "{\"colour\":\"" + colour + "\",\"position\":{\"x\":1.5,\"y\":2.5},\"radius\":3}"));
    }

    protected long createCircle() {
        HttpResponse<String> created = send(postCircle("red").build()).join();
        assertEquals(created.statusCode(), 201, created.body());
        String location = created.headers().firstValue("Location").orElseThrow();
        return Long.parseLong(location.substring(location.lastIndexOf('/') + 1));
    }
}
