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
import java.util.concurrent.atomic.AtomicLong;
import org.testng.annotations.AfterMethod;
import org.testng.annotations.BeforeMethod;
import org.testng.annotations.Test;

/** The overload's lone client, against a local HTTP server that counts connections and holds answers on request. */
public class LatencyProbeTests {

    private LoopbackHttpServer server;
    private final Set<String> clientPorts = ConcurrentHashMap.newKeySet();
    private final AtomicInteger requests = new AtomicInteger();
    /** Requests the server has received, held ones included. */
    private final AtomicInteger arrived = new AtomicInteger();
    /** While set, the next answer waits for it to count down. */
    private volatile CountDownLatch hold;

    @BeforeMethod
    public void startServer() throws IOException {
        clientPorts.clear();
        requests.set(0);
        arrived.set(0);
        hold = null;
        server = LoopbackHttpServer.start(4, exchange -> {
            clientPorts.add(exchange.getRemoteAddress().toString());
            arrived.incrementAndGet();
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

    /**
     * On a clock of the test's own, which moves only when the test advances it or the probe sleeps: the first
     * answer is held while exactly 30 intervals pass, so the slots it covered are known, not estimated.
     */
    @Test
    public void aSlowAnswerSkipsTheSlotsItCoveredInsteadOfSendingABacklog() throws InterruptedException {
        ManualTicker clock = new ManualTicker();
        hold = new CountDownLatch(1);
        LatencyProbe probe = new LatencyProbe(base(), clock, clock.nanoTime(), 5, 5_000).start();
        await().atMost(Duration.ofSeconds(20)).until(() -> arrived.get() == 1);
        clock.advance(30 * 5_000_000L);
        hold.countDown();
        hold = null;
        await().atMost(Duration.ofSeconds(20)).until(() -> requests.get() >= 3);
        List<DrillRecord> probes = probe.stop();

        assertThat(probe.skipped()).as("slots covered by the held probe").isEqualTo(30);
        assertThat(probes.get(0).micros()).isEqualTo(150_000);
        // Had it caught up, the 30 missed slots would have been sent back to back right after the held one;
        // instead the next probe waits for the first slot after the answer, and the probes keep to the pace.
        assertThat(probes.get(1).startMicros()).isEqualTo(155_000);
        for (int i = 2; i < probes.size(); i++) {
            assertThat(probes.get(i).startMicros() - probes.get(i - 1).startMicros()).isEqualTo(5_000);
        }
    }

    /** Time that passes only when the test advances it or the probe sleeps (a sleep ends at once, its time passed). */
    private static final class ManualTicker implements LatencyProbe.Ticker {

        private final AtomicLong nanos = new AtomicLong();

        @Override
        public long nanoTime() {
            return nanos.get();
        }

        @Override
        public void sleepNanos(long duration) {
            nanos.addAndGet(duration);
        }

        void advance(long duration) {
            nanos.addAndGet(duration);
        }
    }
}
