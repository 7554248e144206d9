package dev.shapeslab.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.testng.annotations.AfterMethod;
import org.testng.annotations.BeforeMethod;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/** The fault drill's create load against a local HTTP server: one colour per request, every outcome recorded. */
public class DrillLoadTests {

    private static final Pattern COLOUR = Pattern.compile("\"colour\":\"drill-(\\d+)\"");

    private LoopbackHttpServer server;
    private final Map<Long, Long> storedIds = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong(100);
    /** Requests whose colour number is a multiple of this are answered 503 (0: none). */
    private volatile int rejectEvery;
    /** While this is closed, the answer to drill-0 is held (null: not held). */
    private volatile CountDownLatch firstAnswerHeld;
    /** Every answer says {@code Connection: close}. */
    private volatile boolean closeEach;
    private final Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();

    @BeforeMethod
    public void startServer() throws IOException {
        storedIds.clear();
        rejectEvery = 0;
        firstAnswerHeld = null;
        closeEach = false;
        clientPorts.clear();
        server = LoopbackHttpServer.start(8, exchange -> {
            clientPorts.add(exchange.getRemoteAddress().getPort());
            if (closeEach) {
                exchange.getResponseHeaders().add("Connection", "close");
            }
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            Matcher m = COLOUR.matcher(body);
            long n = m.find() ? Long.parseLong(m.group(1)) : -1;
            CountDownLatch held = firstAnswerHeld;
            if (n == 0 && held != null) {
                awaitQuietly(held);
            }
            byte[] answer = "{}".getBytes(StandardCharsets.UTF_8);
            if (rejectEvery > 0 && n % rejectEvery == 0) {
                exchange.getResponseHeaders().add("Retry-After", "1");
                exchange.sendResponseHeaders(503, answer.length);
            } else {
                long id = ids.incrementAndGet();
                storedIds.put(n, id);
                exchange.getResponseHeaders().add("Location", server.base() + "/circles/" + id);
                exchange.sendResponseHeaders(201, answer.length);
            }
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer);
            }
        });
    }

    @AfterMethod(alwaysRun = true)
    public void stopServer() {
        server.close();
    }

    @DataProvider
    public Object[][] clientKinds() {
        return new Object[][] {{DrillLoad.Clients.LOOP}, {DrillLoad.Clients.VIRTUAL}, {DrillLoad.Clients.PLATFORM}};
    }

    @Test
    public void theClientsRunOnEventLoopsUnlessAskedForThreads() throws Exception {
        boolean jdk21 = Runtime.version().feature() >= 21;
        assertThat(new DrillLoad(base(), 1, System.nanoTime(), new AtomicLong(), 5_000).clients())
                .isEqualTo(DrillLoad.Clients.LOOP);
        assertThat(DrillLoad.Clients.VIRTUAL.available()).isEqualTo(jdk21 ? DrillLoad.Clients.VIRTUAL : DrillLoad.Clients.PLATFORM);
        assertThat(DrillLoad.Clients.PLATFORM.available()).isEqualTo(DrillLoad.Clients.PLATFORM);
        if (jdk21) {
            Thread t = DrillLoad.Clients.virtualFactory().newThread(() -> { });
            assertThat(Thread.class.getMethod("isVirtual").invoke(t)).isEqualTo(true);
            assertThat(t.getName()).isEqualTo("drill-0");
        } else {
            assertThat(DrillLoad.Clients.virtualFactory()).isNull();
        }
    }

    @Test(dataProvider = "clientKinds")
    public void everyRequestHasAColourOfItsOwnAndEveryCreateItsId(DrillLoad.Clients clients) throws Exception {
        rejectEvery = 5;
        DrillLoad load = new DrillLoad(base(), 4, System.nanoTime(), new AtomicLong(), 5_000, clients).start();
        await().atMost(Duration.ofSeconds(30)).until(() -> load.completed() > 20);
        List<DrillRecord> records = load.stop();

        assertThat(records).hasSizeGreaterThan(20);
        Set<Long> numbers = records.stream().map(DrillRecord::n).collect(Collectors.toSet());
        assertThat(numbers).hasSize(records.size());
        for (DrillRecord r : records) {
            assertThat(r.endMicros()).isGreaterThanOrEqualTo(r.startMicros());
            if (r.n() % 5 == 0) {
                assertThat(r.status()).isEqualTo("503");
                assertThat(r.id()).isEqualTo(-1);
            } else {
                assertThat(r.status()).isEqualTo("201");
                assertThat(r.id()).isEqualTo(storedIds.get(r.n()));
            }
        }
        // sorted by start time, as written to requests.tsv
        assertThat(records).isSortedAccordingTo((a, b) -> Long.compare(a.startMicros(), b.startMicros()));
    }

    @Test(dataProvider = "clientKinds")
    public void aClientThatHonoursRetryAfterSendsAgainOnlyOnceItHasPassed(DrillLoad.Clients clients) throws Exception {
        rejectEvery = 1; // every answer a 503 with Retry-After: 1
        DrillLoad load = new DrillLoad(base(), 1, System.nanoTime(), new AtomicLong(), 5_000, clients).honouringRetryAfter()
                .start();
        await().atMost(Duration.ofSeconds(30)).until(() -> load.completed() >= 2);
        List<DrillRecord> records = load.stop();

        assertThat(records.get(0).status()).isEqualTo("503");
        assertThat(records.get(1).startMicros() - records.get(0).endMicros()).isGreaterThanOrEqualTo(1_000_000L);
    }

    @Test(dataProvider = "clientKinds")
    public void aRequestWithoutAnswerWithinTheTimeoutIsRecordedAsATimeout(DrillLoad.Clients clients) throws Exception {
        int timeoutMillis = 500;
        CountDownLatch held = new CountDownLatch(1);
        firstAnswerHeld = held;
        DrillLoad load = new DrillLoad(base(), 1, System.nanoTime(), new AtomicLong(), timeoutMillis, clients).start();
        try {
            // The first request ends while its answer is still held: the client gave up, it did not wait for it.
            await().atMost(Duration.ofSeconds(30)).until(() -> load.completed() >= 1);
        } finally {
            held.countDown();
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> load.completed() >= 2);
        List<DrillRecord> records = load.stop();

        DrillRecord first = records.get(0);
        assertThat(first.n()).isZero();
        assertThat(first.status()).isEqualTo(DrillRecord.TIMEOUT);
        assertThat(first.answered()).isFalse();
        // Not before the timeout; how long after it depends on the machine's load, so no ceiling.
        assertThat(first.micros()).isGreaterThanOrEqualTo(timeoutMillis * 1_000L);
        assertThat(load.firstErrors()).containsKey(DrillRecord.TIMEOUT);
        // the next request opens another connection and is answered
        assertThat(records.get(1).status()).isEqualTo("201");
    }

    @Test(dataProvider = "clientKinds")
    public void aRefusedConnectionIsAnErrorAndTheClientPausesBeforeTheNext(DrillLoad.Clients clients) throws Exception {
        URI closed;
        try (ServerSocket listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = URI.create("http://127.0.0.1:" + listening.getLocalPort()); // nothing listens there once closed
        }
        DrillLoad load = new DrillLoad(closed, 1, System.nanoTime(), new AtomicLong(), 5_000, clients).start();
        await().atMost(Duration.ofSeconds(30)).until(() -> load.completed() >= 3);
        List<DrillRecord> records = load.stop();

        assertThat(records).allSatisfy(r -> assertThat(r.status()).isEqualTo(DrillRecord.ERROR));
        assertThat(load.errorCounts()).containsKey("ConnectException: Connection refused");
        for (int i = 1; i < records.size(); i++) {
            assertThat(records.get(i).startMicros() - records.get(i - 1).endMicros())
                    .isGreaterThanOrEqualTo(DrillLoad.ERROR_PAUSE_MILLIS * 1_000);
        }
    }

    @Test(dataProvider = "clientKinds")
    public void aConnectionTheServerClosesIsOpenedAgainForTheNextRequest(DrillLoad.Clients clients) throws Exception {
        closeEach = true;
        DrillLoad load = new DrillLoad(base(), 2, System.nanoTime(), new AtomicLong(), 5_000, clients).start();
        await().atMost(Duration.ofSeconds(30)).until(() -> load.completed() >= 10);
        List<DrillRecord> records = load.stop();

        assertThat(records).allSatisfy(r -> assertThat(r.status()).isEqualTo("201"));
        // every request came on a connection of its own: as many client ports as requests
        assertThat(clientPorts).hasSize(records.size());
    }

    @Test(dataProvider = "clientKinds")
    public void aStoppedLoadLeavesNoConnectionOpen(DrillLoad.Clients clients) throws Exception {
        try (ServerSocket listening = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            // a server that reads requests and answers each with a 201 on the same connection, one thread per connection
            List<Socket> accepted = new CopyOnWriteArrayList<>();
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        Socket s = listening.accept();
                        accepted.add(s);
                        new Thread(() -> answerEachRequest(s)).start();
                    }
                } catch (IOException closed) {
                    // the test is over
                }
            });
            acceptor.start();
            DrillLoad load = new DrillLoad(URI.create("http://127.0.0.1:" + listening.getLocalPort()), 3, System.nanoTime(),
                    new AtomicLong(), 5_000, clients).start();
            await().atMost(Duration.ofSeconds(30)).until(() -> load.completed() >= 6);
            load.stop();

            assertThat(accepted).hasSize(3);
            // each connection's reader sees the end of its stream once the client closed it
            await().atMost(Duration.ofSeconds(30)).until(() -> accepted.stream().allMatch(Socket::isClosed));
        }
    }

    /** Reads requests off {@code s} (head and a Content-Length body) and answers each 201, until the client closes. */
    private static void answerEachRequest(Socket s) {
        try (s; InputStream in = new BufferedInputStream(s.getInputStream()); OutputStream out = s.getOutputStream()) {
            while (true) {
                int length = 0;
                for (String line = headerLine(in); !line.isEmpty(); line = headerLine(in)) {
                    if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                        length = Integer.parseInt(line.substring(15).trim());
                    }
                }
                in.readNBytes(length);
                out.write("HTTP/1.1 201 \r\nLocation: /circles/1\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
            }
        } catch (IOException endOfStream) {
            // the client closed its connection: this socket closes too, which the test waits for
        }
    }

    private static String headerLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new EOFException();
            }
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }

    @Test
    public void recordsSurviveTheirFileAndTheIdIsTheEndOfTheLocation() throws IOException {
        assertThat(DrillLoad.idOf("http://127.0.0.1:18080/circles/4711")).isEqualTo(4711);
        assertThat(DrillLoad.idOf(null)).isEqualTo(-1);
        assertThat(DrillLoad.body(7)).isEqualTo("{\"colour\":\"drill-7\",\"position\":{\"x\":1.5,\"y\":-2.5},\"radius\":8}");

        List<DrillRecord> records = List.of(new DrillRecord(0, 10, 20, "201", 5), new DrillRecord(1, 11, 30_000_011, "timeout", -1));
        Path file = Files.createTempFile("requests", ".tsv");
        try {
            DrillRecord.write(file, records);
            assertThat(Files.readAllLines(file)).containsExactly(DrillRecord.HEADER, "0\t10\t20\t201\t5", "1\t11\t30000011\ttimeout\t-");
            assertThat(DrillRecord.read(file)).isEqualTo(records);
        } finally {
            Files.delete(file);
        }
    }

    private URI base() {
        return server.base();
    }

    /** Waits for {@code latch}, bounded so that a failed test does not keep a server thread forever. */
    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
