package dev.shapeslab.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the app itself measured over a window: two scrapes of its Prometheus endpoint (management port), one
 * as the window starts and one as it ends. Counters and histograms are cumulative, so their differences are
 * the window's figures exactly, and two scrapes per window cost the app next to nothing (a scrape each
 * second would be work inside the measured window).
 *
 * <p>Read: requests and the server-side latency percentiles of the API (Jersey's
 * {@code http_server_requests_seconds} histogram, all endpoints; a percentile is the upper bound of the
 * bucket it falls in), requests turned away by admission control and by the blocking pool's full queue, and
 * the mean wait for a database connection, and how long connections were held: Hikari's
 * {@code hikaricp_connections_usage_seconds} (from checkout to return), whose count is the connections
 * lent and whose sum, divided by the window's length, is the mean number of connections in use (Little's
 * law, L = λ·W, measured). A scrape that lacks the request histogram makes {@link #between}
 * throw: the figures are never guessed.
 */
record ServerMetrics(long requests, Map<Double, Double> latencySeconds, long admissionRejected,
                     long blockingPoolRejected, Double poolWaitMeanMs, long connectionUses, double connectionSeconds) {

    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)})?\\s+(\\S+)");
    private static final Pattern LE = Pattern.compile("(?:^|,)le=\"([^\"]+)\"");
    private static final String HISTOGRAM = "http_server_requests_seconds";

    /** The window between two scrapes. */
    static ServerMetrics between(String before, String after) {
        Map<String, Double> start = samples(before);
        Map<String, Double> end = samples(after);
        long requests = Math.round(sum(end, HISTOGRAM + "_count") - sum(start, HISTOGRAM + "_count"));
        TreeMap<Double, Double> buckets = buckets(end);
        buckets(start).forEach((le, count) -> buckets.merge(le, -count, Double::sum));
        if (buckets.isEmpty()) {
            throw new IllegalArgumentException("no " + HISTOGRAM + "_bucket samples in the scrape");
        }
        Map<Double, Double> percentiles = new TreeMap<>();
        for (double p : new double[] {50, 90, 99}) {
            percentiles.put(p, percentile(buckets, p));
        }
        double waits = sum(end, "hikaricp_connections_acquire_seconds_count")
                - sum(start, "hikaricp_connections_acquire_seconds_count");
        Double poolWait = waits > 0 ? 1000 * (sum(end, "hikaricp_connections_acquire_seconds_sum")
                - sum(start, "hikaricp_connections_acquire_seconds_sum")) / waits : null;
        return new ServerMetrics(requests, percentiles,
                Math.round(sum(end, "admission_rejected_total") - sum(start, "admission_rejected_total")),
                Math.round(blockingPoolRejected(end) - blockingPoolRejected(start)),
                poolWait,
                Math.round(sum(end, "hikaricp_connections_usage_seconds_count") - sum(start, "hikaricp_connections_usage_seconds_count")),
                sum(end, "hikaricp_connections_usage_seconds_sum") - sum(start, "hikaricp_connections_usage_seconds_sum"));
    }

    /**
     * Requests the blocking pool's full queue turned away ({@code <variant>.blocking.rejected}: the one pool of
     * {@code async}, {@code webflux} and {@code vertx}, named after the variant that runs it).
     */
    private static double blockingPoolRejected(Map<String, Double> samples) {
        return sum(samples, "async_blocking_rejected_total") + sum(samples, "webflux_blocking_rejected_total")
                + sum(samples, "vertx_blocking_rejected_total");
    }

    /** The mean time a connection was held, from checkout to return, in ms; null without database. */
    Double connectionHoldMeanMs() {
        return connectionUses > 0 ? 1000 * connectionSeconds / connectionUses : null;
    }

    /** Connections in use on average over a window of {@code seconds} (L = λ·W); null without database. */
    Double connectionsBusy(double seconds) {
        return connectionUses > 0 && seconds > 0 ? connectionSeconds / seconds : null;
    }

    String describe() {
        return String.format(Locale.ROOT, "server: %d requests, p50 %s, p99 %s, admission rejected %d, "
                        + "blocking pool rejected %d, pool wait %s, connection held %s", requests, millis(latencySeconds.get(50.0)),
                millis(latencySeconds.get(99.0)), admissionRejected, blockingPoolRejected,
                poolWaitMeanMs == null ? "-" : String.format(Locale.ROOT, "%.2f ms", poolWaitMeanMs),
                connectionHoldMeanMs() == null ? "-" : String.format(Locale.ROOT, "%.2f ms", connectionHoldMeanMs()));
    }

    private static String millis(Double seconds) {
        return seconds == null || seconds.isInfinite() ? "-" : String.format(Locale.ROOT, "≤%.1f ms", seconds * 1000);
    }

    /** The app's heap in use (every heap pool, {@code jvm_memory_used_bytes{area="heap"}}) in one scrape; null without it. */
    static Double heapUsedBytes(String scrape) {
        double total = 0;
        boolean found = false;
        for (Map.Entry<String, Double> e : samples(scrape).entrySet()) {
            if (e.getKey().startsWith("jvm_memory_used_bytes{") && e.getKey().contains("area=\"heap\"")) {
                total += e.getValue();
                found = true;
            }
        }
        return found ? total : null;
    }

    /**
     * The connections the app's database pool holds at most, as the pool itself reports it in one scrape: Hikari's
     * ({@code hikaricp_connections_max}, every JDBC backend), r2dbc-pool's ({@code r2dbc_pool_max_allocated}) or the
     * Vert.x PostgreSQL client's ({@code vertx_pg_pool_max_size}); null when the app has no pool (the stub). Read from
     * the app rather than from the harness's arguments, since the JVM options or a profile can set it too.
     */
    static Integer poolSize(String scrape) {
        double total = 0;
        boolean found = false;
        for (Map.Entry<String, Double> e : samples(scrape).entrySet()) {
            String name = e.getKey().replaceFirst("\\{.*", "");
            if (POOL_MAXIMA.contains(name)) {
                total += e.getValue();
                found = true;
            }
        }
        return found ? (int) Math.round(total) : null;
    }

    private static final List<String> POOL_MAXIMA =
            List.of("hikaricp_connections_max", "r2dbc_pool_max_allocated", "vertx_pg_pool_max_size");

    /** "name{labels}" to value, for every sample line (comments skipped). */
    static Map<String, Double> samples(String text) {
        Map<String, Double> samples = new HashMap<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            Matcher m = SAMPLE.matcher(line);
            if (m.find()) {
                samples.put(m.group(1) + (m.group(2) == null ? "" : m.group(2)), parseValue(m.group(4)));
            }
        }
        return samples;
    }

    private static double parseValue(String value) {
        return switch (value) {
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(value);
        };
    }

    private static double sum(Map<String, Double> samples, String name) {
        double total = 0;
        for (Map.Entry<String, Double> e : samples.entrySet()) {
            String key = e.getKey();
            if (key.equals(name) || key.startsWith(name + "{")) {
                total += e.getValue();
            }
        }
        return total;
    }

    /** Cumulative counts per upper bound, summed over every endpoint and status. */
    private static TreeMap<Double, Double> buckets(Map<String, Double> samples) {
        TreeMap<Double, Double> buckets = new TreeMap<>();
        samples.forEach((key, value) -> {
            if (key.startsWith(HISTOGRAM + "_bucket{")) {
                Matcher le = LE.matcher(key.substring(key.indexOf('{') + 1, key.length() - 1));
                if (le.find()) {
                    buckets.merge(parseValue(le.group(1)), value, Double::sum);
                }
            }
        });
        return buckets;
    }

    /** The smallest bucket bound under which at least {@code percent} % of the window's requests fell. */
    private static double percentile(TreeMap<Double, Double> cumulative, double percent) {
        List<Map.Entry<Double, Double>> entries = new ArrayList<>(cumulative.entrySet());
        double total = entries.get(entries.size() - 1).getValue();
        if (total <= 0) {
            return Double.NaN;
        }
        for (Map.Entry<Double, Double> bucket : entries) {
            if (bucket.getValue() >= total * percent / 100) {
                return bucket.getKey();
            }
        }
        return Double.POSITIVE_INFINITY;
    }
}
