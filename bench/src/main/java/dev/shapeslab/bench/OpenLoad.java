package dev.shapeslab.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shapeslab.bench.Workload.Request;
import java.math.BigDecimal;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * An open-model (arrival-rate) load generator: requests are due at a fixed total rate whatever the
 * server does, and each latency is measured from the moment its request was <em>due</em>, not from when a
 * busy connection got round to sending it. A closed loop (wrk, Gatling's closed model) sends the next
 * request only after the previous answer, so a stalled server also stalls the clock that measures it
 * (coordinated omission); here a stall shows in the percentiles as it would to independent clients.
 *
 * <p>The schedule is wrk2's: each of {@code connections} keep-alive connections owns every
 * {@code connections}-th slot of the global schedule and runs on its own thread. A connection that is
 * behind sends at once and the wait counts in the latency. Run as a process of its own
 * ({@code main}), so that the harness measures its CPU like any other generator's; it prints
 * one JSON line that {@link GeneratorOutput#parseOpenLoad} reads.
 */
final class OpenLoad {

    /** The prefix of the one line of figures a run prints. */
    static final String JSON_PREFIX = "open-load-json: ";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;
    private final List<Request> requests;
    private final double rate;
    private final int connections;
    private final long durationNanos;
    private final long leadInNanos;
    private final AtomicLong nextRequest = new AtomicLong();

    /**
     * {@code leadIn} is the first part of {@code duration}, at the full rate but without recording
     * latencies: this generator's own JVM compiles its code then, and would otherwise fall behind its
     * schedule and charge its own warm-up to the server's latency.
     */
    OpenLoad(URI base, List<Request> requests, double rate, int connections, long durationNanos, long leadInNanos) {
        this.base = base;
        this.requests = requests;
        this.rate = rate;
        this.connections = connections;
        this.durationNanos = durationNanos;
        this.leadInNanos = leadInNanos;
    }

    /** Usage: OpenLoad BASE_URL REQUESTS_FILE RATE CONNECTIONS SECONDS LEAD_IN_SECONDS (the file as {@link #writeRequests}). */
    public static void main(String[] args) throws Exception {
        if (args.length != 6) {
            System.err.println("usage: OpenLoad BASE_URL REQUESTS_FILE RATE_PER_SECOND CONNECTIONS SECONDS LEAD_IN_SECONDS");
            System.exit(2);
        }
        OpenLoad load = new OpenLoad(URI.create(args[0]), readRequests(Path.of(args[1])),
                Double.parseDouble(args[2]), Integer.parseInt(args[3]), (long) (Double.parseDouble(args[4]) * 1e9),
                (long) (Double.parseDouble(args[5]) * 1e9));
        System.out.print(load.run().format());
    }

    /** One request per line: METHOD, a tab, the path, and for a body a tab and the body (JSON has no raw tabs). */
    static void writeRequests(Path file, List<Request> requests) throws IOException {
        List<String> lines = new ArrayList<>();
        for (Request r : requests) {
            lines.add(r.method() + "\t" + r.path() + (r.body() == null ? "" : "\t" + r.body()));
        }
        Files.write(file, lines, StandardCharsets.UTF_8);
    }

    static List<Request> readRequests(Path file) throws IOException {
        List<Request> requests = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank()) {
                continue;
            }
            String[] parts = line.split("\t", 3);
            requests.add(new Request(parts[0], parts[1], parts.length > 2 ? parts[2] : null));
        }
        if (requests.isEmpty()) {
            throw new IllegalArgumentException(file + " holds no request");
        }
        return requests;
    }

    Result run() throws InterruptedException {
        long intervalNanos = (long) (1e9 * connections / rate);
        long start = System.nanoTime() + 50_000_000L; // every thread starts on the same schedule
        List<Worker> workers = new ArrayList<>();
        for (int c = 0; c < connections; c++) {
            // connection c owns slots c, c + connections, ...: the total rate is spread evenly in time
            Worker w = new Worker(start + (long) (c * 1e9 / rate), intervalNanos, start + leadInNanos, start + durationNanos);
            workers.add(w);
            w.thread.start();
        }
        for (Worker w : workers) {
            w.thread.join();
        }
        long end = System.nanoTime();
        return Result.merge(workers, rate, connections, (end - start) / 1e9);
    }

    private final class Worker implements Runnable {
        final Thread thread = new Thread(this, "open-load");
        final long firstDue;
        final long interval;
        final long recordFrom;
        final long end;
        long sent;
        /** This connection's latencies in µs from the due time; merged into one histogram at the end. */
        final Histogram latencies = Latencies.histogram();
        final Map<String, Long> statuses = new TreeMap<>();
        long errors;
        String firstError;
        private final HttpConnection connection = new HttpConnection(base, 10_000, 30_000);

        Worker(long firstDue, long interval, long recordFrom, long end) {
            this.firstDue = firstDue;
            this.interval = interval;
            this.recordFrom = recordFrom;
            this.end = end;
            thread.setDaemon(true);
        }

        @Override
        public void run() {
            for (long due = firstDue; due < end; due += interval) {
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(wait);
                }
                Request request = requests.get((int) (nextRequest.getAndIncrement() % requests.size()));
                String status;
                try {
                    status = Integer.toString(send(request));
                } catch (IOException e) {
                    errors++;
                    if (firstError == null) {
                        firstError = e.toString();
                    }
                    connection.close();
                    status = "error";
                }
                sent++;
                if (due >= recordFrom) {
                    Latencies.record(latencies, (System.nanoTime() - due) / 1_000);
                    statuses.merge(status, 1L, Long::sum);
                }
            }
            connection.close();
        }

        private int send(Request request) throws IOException {
            return connection.send(request.method(), request.path(), request.body()).status();
        }
    }

    /** What one run measured; {@link #format} is the output the harness parses. */
    record Result(double rate, int connections, double seconds, long requests, long recorded, long errors,
                  Map<String, Long> statuses, Histogram latencies, String firstError) {

        static Result merge(List<Worker> workers, double rate, int connections, double seconds) {
            Histogram all = Latencies.histogram();
            long sent = 0;
            long errors = 0;
            String firstError = null;
            Map<String, Long> statuses = new TreeMap<>();
            for (Worker w : workers) {
                all.add(w.latencies);
                sent += w.sent;
                errors += w.errors;
                if (firstError == null) {
                    firstError = w.firstError;
                }
                w.statuses.forEach((k, v) -> statuses.merge(k, v, Long::sum));
            }
            return new Result(rate, connections, seconds, sent, all.getTotalCount(), errors, statuses, all, firstError);
        }

        /** The latency at quantile {@code q} (0..1) in microseconds, from the run's HdrHistogram. */
        double percentileMicros(double q) {
            return Latencies.micros(latencies, q);
        }

        /**
         * One JSON line ({@value #JSON_PREFIX}) that {@link GeneratorOutput#parseOpenLoad} reads: {@code requests}
         * is every request sent (the CPU figures divide by it); {@code recorded} those after the lead-in, whose
         * statuses and latencies (µs from the due time, HdrHistogram) follow.
         */
        String format() {
            ObjectNode json = JSON.createObjectNode();
            json.put("generator", "open-load (dev.shapeslab.bench.OpenLoad, open model, latency from due time)");
            json.put("target_rate", Math.round(rate * 10) / 10.0);
            json.put("connections", connections);
            json.put("seconds", Math.round(seconds * 1000) / 1000.0);
            json.put("requests", requests);
            json.put("recorded", recorded);
            json.put("errors", errors);
            ObjectNode byStatus = json.putObject("statuses");
            statuses.forEach(byStatus::put);
            ObjectNode latency = json.putObject("latency_us");
            for (double q : new double[] {0.5, 0.9, 0.99, 0.999, 1.0}) {
                latency.put("p" + quantileName(q), Math.round(percentileMicros(q)));
            }
            if (firstError != null) {
                json.put("first_error", firstError);
            }
            try {
                return JSON_PREFIX + JSON.writeValueAsString(json) + "\n";
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }

        /** 0.5 -> "50", 0.999 -> "99.9", 1.0 -> "100" (the maximum). */
        static String quantileName(double q) {
            return BigDecimal.valueOf(q).movePointRight(2).stripTrailingZeros().toPlainString();
        }
    }
}
