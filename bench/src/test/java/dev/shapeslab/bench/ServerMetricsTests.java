package dev.shapeslab.bench;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertNotNull;
import static org.testng.Assert.assertNull;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import java.nio.file.Files;
import org.testng.annotations.Test;

/** The app's own figures from two real scrapes of its Prometheus endpoint (an h2 drill, 503s included). */
public class ServerMetricsTests {

    private static String sample(String name) throws Exception {
        return Files.readString(BenchSamples.path(name));
    }

    @Test
    public void theWindowIsTheDifferenceOfTheTwoScrapes() throws Exception {
        ServerMetrics window = ServerMetrics.between(sample("prometheus-before.txt"), sample("prometheus-after.txt"));

        // POST 201: 7,718 - 2,235; POST 503: 22 - 0; GET 200: 1 - 1
        assertEquals(window.requests(), 7_718 - 2_235 + 22);
        assertEquals(window.admissionRejected(), 0);
        assertEquals(window.blockingPoolRejected(), 0);
        assertNotNull(window.poolWaitMeanMs());
        assertTrue(window.poolWaitMeanMs() >= 0, window.describe());
        // connections lent 7,719 - 2,066, held 78.855 - 31.824 s in all
        assertEquals(window.connectionUses(), 7_719 - 2_066);
        assertEquals(window.connectionSeconds(), 78.855 - 31.824, 1e-9);
        assertEquals(window.connectionHoldMeanMs(), 1000 * (78.855 - 31.824) / (7_719 - 2_066), 1e-9);
        assertEquals(window.connectionsBusy(10), (78.855 - 31.824) / 10, 1e-9);
        double p50 = window.latencySeconds().get(50.0);
        double p99 = window.latencySeconds().get(99.0);
        assertTrue(p50 > 0 && p50 <= p99 && p99 < 60, window.describe());
    }

    /** The one blocking pool's metric carries the name of the variant that runs it. */
    @Test
    public void theBlockingPoolsRejectionsAreCountedUnderEveryVariant() throws Exception {
        String before = sample("prometheus-before.txt");
        for (String variant : new String[] {"async", "webflux", "vertx"}) {
            String counter = "# TYPE " + variant + "_blocking_rejected_total counter\n" + variant
                    + "_blocking_rejected_total{pool=\"" + variant + ".blocking\"} ";
            ServerMetrics window = ServerMetrics.between(before + counter + "3.0\n",
                    sample("prometheus-after.txt") + counter + "10.0\n");

            assertEquals(window.blockingPoolRejected(), 7, variant);
        }
    }

    @Test
    public void aScrapeWithoutTheRequestHistogramIsRefused() throws Exception {
        String noHistogram = "# HELP jvm_threads_live_threads\njvm_threads_live_threads 42.0\n";

        expectThrows(IllegalArgumentException.class, () -> ServerMetrics.between(noHistogram, noHistogram));
    }

    @Test
    public void samplesAreReadWithTheirLabels() throws Exception {
        var samples = ServerMetrics.samples(sample("prometheus-after.txt"));

        assertEquals(samples.get("admission_limit"), 150.0);
        assertEquals(samples.get("hikaricp_connections_acquire_seconds_count{pool=\"HikariPool-1\"}"), 7751.0);
    }

    /** The pool's own maximum, whichever driver's: Hikari's, r2dbc-pool's or the Vert.x PostgreSQL client's. */
    @Test
    public void thePoolSizeIsWhatThePoolReports() throws Exception {
        assertEquals(ServerMetrics.poolSize(sample("prometheus-after.txt")), Integer.valueOf(10));
        assertEquals(ServerMetrics.poolSize("# TYPE r2dbc_pool_max_allocated gauge\n"
                + "r2dbc_pool_max_allocated{name=\"shapes-r2dbc\"} 32.0\nr2dbc_pool_max_pending{name=\"shapes-r2dbc\"} 1000.0\n"),
                Integer.valueOf(32));
        assertEquals(ServerMetrics.poolSize("vertx_pg_pool_max_size{name=\"shapes-pg\"} 16.0\n"
                + "vertx_pg_pool_max_pending{name=\"shapes-pg\"} 1000.0\n"), Integer.valueOf(16));
        assertNull(ServerMetrics.poolSize("admission_limit 1000.0\n"), "the stub has no pool");
    }
}
