package dev.shapeslab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shapeslab.bench.Workload.Request;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.testng.annotations.AfterMethod;
import org.testng.annotations.BeforeMethod;
import org.testng.annotations.Test;

/** The open-model generator against a local HTTP server: its schedule, its HTTP, its latency clock. */
public class OpenLoadTests {

    private LoopbackHttpServer server;
    private final AtomicInteger served = new AtomicInteger();
    /** When set, the first request is answered after this many milliseconds: an injected stall. */
    private volatile long firstAnswerDelayMillis;

    @BeforeMethod
    public void startServer() throws IOException {
        served.set(0);
        firstAnswerDelayMillis = 0;
        server = LoopbackHttpServer.start(8, exchange -> {
            if (served.get() == 0 && firstAnswerDelayMillis > 0) {
                try {
                    TimeUnit.MILLISECONDS.sleep(firstAnswerDelayMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            exchange.getRequestBody().readAllBytes();
            byte[] body = "{\"ok\":true}".getBytes(StandardCharsets.UTF_8);
            int status = exchange.getRequestMethod().equals("POST") ? 201 : 200;
            exchange.sendResponseHeaders(status, exchange.getRequestURI().getPath().equals("/chunked") ? 0 : body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
            served.incrementAndGet();
        });
    }

    @AfterMethod(alwaysRun = true)
    public void stopServer() {
        server.close();
    }

    @Test
    public void sendsOneRequestPerSlotOfTheScheduleOverKeptAliveConnections() throws Exception {
        List<Request> requests = List.of(Request.get("/a"), Request.post("/b", "{\"x\":1}"), Request.get("/chunked"));

        // 100 req/s for 1 s over 4 connections: each connection owns 25 slots, 10 ms x 4 apart
        OpenLoad.Result result = new OpenLoad(base(), requests, 100, 4, 1_000_000_000L, 0).run();

        assertThat(result.requests()).isEqualTo(100);
        assertThat(result.recorded()).isEqualTo(100);
        assertThat(result.errors()).isZero();
        assertThat(result.statuses()).containsEntry("200", 67L).containsEntry("201", 33L);
        assertThat(served.get()).isEqualTo(100);
    }

    @Test
    public void theLeadInIsSentButNotRecorded() throws Exception {
        OpenLoad.Result result = new OpenLoad(base(), List.of(Request.get("/a")), 100, 2, 1_000_000_000L, 500_000_000L).run();

        assertThat(result.requests()).isEqualTo(100);
        assertThat(result.recorded()).isEqualTo(50);
        assertThat(result.latencies().getTotalCount()).isEqualTo(50);
    }

    /**
     * A server that answers nothing for a while: requests that fell due meanwhile are charged the wait
     * from their due time (a closed loop would have sent them late and measured only the service time).
     */
    @Test
    public void aStallCountsInTheLatencyOfEveryRequestThatFellDueDuringIt() throws Exception {
        firstAnswerDelayMillis = 400;

        OpenLoad.Result result = new OpenLoad(base(), List.of(Request.get("/a")), 50, 1, 1_000_000_000L, 0).run();

        // one connection, 20 ms apart: the first request waited >= 400 ms for its answer, and the ones due
        // behind it were sent late; their latencies, counted from due time, fall from ~400 ms by 20 ms each
        assertThat(result.requests()).isEqualTo(50);
        assertThat(result.percentileMicros(1.0)).isGreaterThanOrEqualTo(400_000);
        assertThat(result.percentileMicros(0.9)).isGreaterThanOrEqualTo(200_000);
    }

    @Test
    public void readsContentLengthChunkedAndCloseDelimitedResponses() throws IOException {
        String responses = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello"
                + "HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2;ext=1\r\nde\r\n0\r\n\r\n"
                + "HTTP/1.1 204 No Content\r\n\r\n"
                + "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}"
                + "HTTP/1.0 200 OK\r\n\r\nuntil the end";
        ByteArrayInputStream in = new ByteArrayInputStream(responses.getBytes(StandardCharsets.ISO_8859_1));

        assertThat(HttpResponseReader.read(in)).isEqualTo(new HttpResponseReader.Response(200, false));
        assertThat(HttpResponseReader.read(in)).isEqualTo(new HttpResponseReader.Response(201, false));
        assertThat(HttpResponseReader.read(in)).isEqualTo(new HttpResponseReader.Response(204, false));
        assertThat(HttpResponseReader.read(in)).isEqualTo(new HttpResponseReader.Response(503, true, null, 1));
        assertThat(HttpResponseReader.read(in)).isEqualTo(new HttpResponseReader.Response(200, true));
        assertThat(in.available()).isZero();
    }

    private URI base() {
        return server.base();
    }
}
