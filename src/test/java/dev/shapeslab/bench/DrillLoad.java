package dev.shapeslab.bench;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The steady create load of a fault drill: a closed loop of {@code connections} workers, each a thread
 * with one keep-alive connection ({@link HttpConnection}), each sending {@code POST /circles} again as
 * soon as the previous answer came. Every request has a colour of its own, {@code drill-<n>}, so that the
 * rows in the database can be matched to the requests afterwards; every request is recorded
 * ({@link DrillRecord}), with the id of every acknowledged create.
 *
 * <p>Virtual threads where the JVM has them (JDK 21+; {@code bench/compare.sh} runs the harness on the JDK
 * it found for the app), else platform threads: the test code compiles for Java 17, so they are made
 * through reflection. In the overload (5,000 clients, each reconnecting after every 503) 5,000 platform
 * threads took about half of the 2 cores; a virtual thread that waits on a socket parks on the JDK's
 * poller and leaves its carrier to another ({@code --drill-threads platform} keeps the old way).
 *
 * <p>By default a worker sends again the moment a 503 came, as the clients of the overload did;
 * {@link #honouringRetryAfter()} makes it wait the 503's {@code Retry-After} first, as a well-behaved client
 * does, so that the server sees the load the rejected clients come back with rather than a reconnect storm.
 */
final class DrillLoad {

    static final String COLOUR_PREFIX = "drill-";
    private static final long THREAD_STACK_BYTES = 256 * 1024;

    /** How the workers run: on virtual threads (JDK 21+) or on platform threads. */
    enum Threads {
        PLATFORM, VIRTUAL;

        /** {@code VIRTUAL} when asked for and the JVM has virtual threads, else {@code PLATFORM}. */
        static Threads available(boolean preferVirtual) {
            return preferVirtual && virtualFactory() != null ? VIRTUAL : PLATFORM;
        }

        /** {@code Thread.ofVirtual().name(prefix, 0).factory()}, through reflection; null before JDK 21. */
        static ThreadFactory virtualFactory() {
            try {
                Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
                Class<?> builderType = Class.forName("java.lang.Thread$Builder");
                builder = builderType.getMethod("name", String.class, long.class).invoke(builder, COLOUR_PREFIX, 0L);
                return (ThreadFactory) builderType.getMethod("factory").invoke(builder);
            } catch (ReflectiveOperationException e) {
                return null;
            }
        }
    }

    private final URI base;
    private final int connections;
    private final long originNanos;
    private final AtomicLong numbers;
    private final int timeoutMillis;
    private final Threads threads;
    private final List<Worker> workers = new ArrayList<>();
    private final Map<String, String> firstErrors = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> errorCounts = new ConcurrentHashMap<>();
    private final AtomicLong completed = new AtomicLong();
    private volatile boolean stopping;
    private boolean honourRetryAfter;

    /**
     * {@code originNanos} is the drill's clock ({@link System#nanoTime} at its start); {@code numbers} hands
     * out the colours' numbers, shared by every load of one cell so that no colour repeats in it.
     */
    DrillLoad(URI base, int connections, long originNanos, AtomicLong numbers, int timeoutMillis) {
        this(base, connections, originNanos, numbers, timeoutMillis, Threads.available(true));
    }

    DrillLoad(URI base, int connections, long originNanos, AtomicLong numbers, int timeoutMillis, Threads threads) {
        this.threads = threads;
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

    /** Workers wait a 503's {@code Retry-After} before they send again. Before {@link #start()}. */
    DrillLoad honouringRetryAfter() {
        honourRetryAfter = true;
        return this;
    }

    /** The kind of threads the workers run on. */
    Threads threads() {
        return threads;
    }

    DrillLoad start() {
        ThreadFactory virtual = threads == Threads.VIRTUAL ? Threads.virtualFactory() : null;
        for (int i = 0; i < connections; i++) {
            Worker w = new Worker();
            Thread t = virtual != null ? virtual.newThread(w) : new Thread(null, w, "drill-" + i, THREAD_STACK_BYTES);
            if (virtual == null) {
                t.setDaemon(true); // virtual threads always are
            }
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
                    int retryAfter = -1;
                    try {
                        HttpResponseReader.Response r = connection.send("POST", "/circles", body);
                        status = Integer.toString(r.status());
                        if (r.status() == 201) {
                            id = idOf(r.location());
                        } else if (r.status() == 503) {
                            retryAfter = r.retryAfterSeconds();
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
                        pause(10); // a refused connection fails at once: do not spin
                    } else if (honourRetryAfter && retryAfter > 0) {
                        pause(retryAfter * 1_000L);
                    }
                }
            }
        }

        /** Sleeps {@code millis}, or until the load stops. */
        private void pause(long millis) {
            long until = System.nanoTime() + millis * 1_000_000L;
            try {
                for (long left = until - System.nanoTime(); left > 0 && !stopping; left = until - System.nanoTime()) {
                    Thread.sleep(Math.min(left / 1_000_000L + 1, 100));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stopping = true;
            }
        }
    }
}
