package dev.shapeslab.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.testng.annotations.AfterMethod;
import org.testng.annotations.BeforeMethod;
import org.testng.annotations.Test;

/** The overload's lone client, against a local HTTP server that counts connections and holds answers on request. */
public class LatencyProbeTests {

    private LoopbackHttpServer server;
    private final Set<String> clientPorts = ConcurrentHashMap.newKeySet();
    private final AtomicInteger requests = new AtomicInteger();
    /** While set, the next answer waits for it to count down. */
    private volatile CountDownLatch hold;

    @BeforeMethod
    public void startServer() throws IOException {
        clientPorts.clear();
        requests.set(0);
        hold = null;
        server = LoopbackHttpServer.start(4, exchange -> {
            clientPorts.add(exchange.getRemoteAddress().toString());
            CountDownLatch latch = hold;
            if (latch != null) {
                try {
                    latch.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            int n = requests.incrementAndGet();
            boolean rejected = exchange.getRequestMethod().equals("GET")
                    && exchange.getRequestURI().getPath().equals(LatencyProbe.PATH) && n % 2 == 0;
            exchange.sendResponseHeaders(rejected ? 503 : 404, -1);
            exchange.close();
        });
    }

    @AfterMethod(alwaysRun = true)
    public void stopServer() {
        server.close();
    }

    private URI base() {
        return server.base();
    }

    @Test
    public void everyProbeIsAGetOnAConnectionOfItsOwnAndRecordsItsStatus() throws InterruptedException {
        LatencyProbe probe = new LatencyProbe(base(), System.nanoTime(), 5, 5_000).start();
        await().atMost(Duration.ofSeconds(20)).until(() -> requests.get() >= 10);
        List<DrillRecord> probes = probe.stop();

        assertThat(probes).hasSizeGreaterThanOrEqualTo(10);
        assertThat(probes).extracting(DrillRecord::status).containsOnly("404", "503").contains("404", "503");
        assertThat(clientPorts).as("one connection per probe").hasSize(requests.get());
        assertThat(probes).allSatisfy(r -> assertThat(r.endMicros()).isGreaterThanOrEqualTo(r.startMicros()));
        assertThat(probes).extracting(DrillRecord::n).isSorted().doesNotHaveDuplicates();
    }

    @Test
    public void aSlowAnswerSkipsTheSlotsItCoveredInsteadOfSendingABacklog() throws InterruptedException {
        hold = new CountDownLatch(1);
        LatencyProbe probe = new LatencyProbe(base(), System.nanoTime(), 5, 5_000).start();
        // The first probe is held until 30 intervals have surely passed (the clock is the probe's own).
        long heldFrom = System.nanoTime();
        await().atMost(Duration.ofSeconds(20)).until(() -> System.nanoTime() - heldFrom > 150_000_000L);
        hold.countDown();
        hold = null;
        await().atMost(Duration.ofSeconds(20)).until(() -> requests.get() >= 3);
        List<DrillRecord> probes = probe.stop();

        assertThat(probe.skipped()).as("slots covered by the held probe").isGreaterThanOrEqualTo(25);
        assertThat(probes.get(0).micros()).isGreaterThanOrEqualTo(150_000);
        // Had it caught up, the ~30 missed slots would have been sent back to back right after the held one.
        long sentWithin50ms = probes.stream().skip(1)
                .filter(r -> r.startMicros() - probes.get(0).endMicros() < 50_000).count();
        assertThat(sentWithin50ms).isLessThanOrEqualTo(11);
    }
}
