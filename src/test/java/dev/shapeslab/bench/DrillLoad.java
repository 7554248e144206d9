package dev.shapeslab.bench;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The steady create load of a fault drill: a closed loop of {@code connections} workers, each a thread
 * with one keep-alive connection ({@link HttpConnection}), each sending {@code POST /circles} again as
 * soon as the previous answer came. Every request has a colour of its own, {@code drill-<n>}, so that the
 * rows in the database can be matched to the requests afterwards; every request is recorded
 * ({@link DrillRecord}), with the id of every acknowledged create.
 *
 * <p>Platform threads: the harness may run on JDK 17. A blocked thread costs the generator a stack and a
 * wake-up, and 5,000 of them fit on Linux.
 */
final class DrillLoad {

    static final String COLOUR_PREFIX = "drill-";
    private static final long THREAD_STACK_BYTES = 256 * 1024;

    private final URI base;
    private final int connections;
    private final long originNanos;
    private final AtomicLong numbers;
    private final int timeoutMillis;
    private final List<Worker> workers = new ArrayList<>();
    private final Map<String, String> firstErrors = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> errorCounts = new ConcurrentHashMap<>();
    private final AtomicLong completed = new AtomicLong();
    private volatile boolean stopping;

    /**
     * {@code originNanos} is the drill's clock ({@link System#nanoTime} at its start); {@code numbers} hands
     * out the colours' numbers, shared by every load of one cell so that no colour repeats in it.
     */
    DrillLoad(URI base, int connections, long originNanos, AtomicLong numbers, int timeoutMillis) {
        this.base = base;
        this.connections = connections;
        this.originNanos = originNanos;
        this.numbers = numbers;
        this.timeoutMillis = timeoutMillis;
    }

    static String body(long n) {
        return "{\"colour\":\"" + COLOUR_PREFIX + n + "\",\"position\":{\"x\":1.5,\"y\":-2.5},\"radius\":"
                + (1 + n % 100) + "}";
    }

    /** The id at the end of a {@code Location} such as {@code http://127.0.0.1:18080/circles/42}, or -1. */
    static long idOf(String location) {
        if (location == null) {
            return -1;
        }
        try {
            return Long.parseLong(location.substring(location.lastIndexOf('/') + 1).trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    DrillLoad start() {
        for (int i = 0; i < connections; i++) {
            Worker w = new Worker();
            Thread t = new Thread(null, w, "drill-" + i, THREAD_STACK_BYTES);
            t.setDaemon(true);
            w.thread = t;
            workers.add(w);
            t.start();
        }
        return this;
    }

    /** Requests completed so far, of every outcome. */
    long completed() {
        return completed.get();
    }

    /** Stops sending; every worker finishes the request it is in (bounded by the timeout). Records by start time. */
    List<DrillRecord> stop() throws InterruptedException {
        stopping = true;
        List<DrillRecord> all = new ArrayList<>();
        for (Worker w : workers) {
            w.thread.join();
            all.addAll(w.records);
        }
        all.sort(Comparator.comparingLong(DrillRecord::startMicros));
        return all;
    }

    /** Failures without an answer by exception and message ("SocketException: Connection reset"), at most 20 kinds. */
    Map<String, Long> errorCounts() {
        Map<String, Long> counts = new java.util.TreeMap<>();
        errorCounts.forEach((k, v) -> counts.put(k, v.sum()));
        return counts;
    }

    private void countError(Exception e) {
        String key = e.getClass().getSimpleName() + ": " + e.getMessage();
        if (errorCounts.size() < 20 || errorCounts.containsKey(key)) {
            errorCounts.computeIfAbsent(key, k -> new LongAdder()).increment();
        }
    }

    /** The first message of each kind of failure without an answer ({@value DrillRecord#TIMEOUT}, {@value DrillRecord#ERROR}). */
    Map<String, String> firstErrors() {
        return firstErrors;
    }

    private long now() {
        return (System.nanoTime() - originNanos) / 1_000;
    }

    private final class Worker implements Runnable {
        Thread thread;
        final List<DrillRecord> records = new ArrayList<>();

        @Override
        public void run() {
            try (HttpConnection connection = new HttpConnection(base, timeoutMillis)) {
                while (!stopping) {
                    long n = numbers.getAndIncrement();
                    String body = body(n);
                    long start = now();
                    String status;
                    long id = -1;
                    try {
                        HttpResponseReader.Response r = connection.send("POST", "/circles", body);
                        status = Integer.toString(r.status());
                        if (r.status() == 201) {
                            id = idOf(r.location());
                        }
                    } catch (SocketTimeoutException e) {
                        status = DrillRecord.TIMEOUT;
                        firstErrors.putIfAbsent(status, e.toString());
                        countError(e);
                    } catch (IOException | RuntimeException e) {
                        status = DrillRecord.ERROR;
                        firstErrors.putIfAbsent(status, e.toString());
                        countError(e);
                    }
                    records.add(new DrillRecord(n, start, now(), status, id));
                    completed.incrementAndGet();
                    if (status.equals(DrillRecord.ERROR)) {
                        pause(); // a refused connection fails at once: do not spin
                    }
                }
            }
        }

        private void pause() {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stopping = true;
            }
        }
    }
}
