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
 * The steady create load of a fault drill: a closed loop of {@code connections} clients, each with one
 * keep-alive connection, each sending {@code POST /circles} again as soon as the previous answer came.
 * Every request has a colour of its own, {@code drill-<n>}, so that the rows in the database can be
 * matched to the requests afterwards; every request is recorded ({@link DrillRecord}), with the id of
 * every acknowledged create.
 *
 * <p>How the clients run ({@link Clients}): by default as non-blocking connections on a few event loops
 * ({@link LoopClients}); or a thread each with a blocking connection ({@link HttpConnection}), virtual
 * threads where the JVM has them (JDK 21+; the test code compiles for Java 17, so they are made through
 * reflection) or platform threads. The threads were the drill's clients until the overload showed them
 * starving: see {@link LoopClients} for what was measured.
 *
 * <p>By default a client sends again the moment a 503 came, as the clients of the overload did;
 * {@link #honouringRetryAfter()} makes it wait the 503's {@code Retry-After} first, as a well-behaved client
 * does, so that the server sees the load the rejected clients come back with rather than a reconnect storm.
 */
final class DrillLoad {

    static final String COLOUR_PREFIX = "drill-";
    static final String PATH = "/circles";
    /** After a connection error, before the next request: a refused connection fails at once, so do not spin. */
    static final long ERROR_PAUSE_MILLIS = 10;
    private static final long THREAD_STACK_BYTES = 256 * 1024;

    /** How the clients run: on event loops, or a thread each, virtual (JDK 21+) or platform. */
    enum Clients {
        LOOP, VIRTUAL, PLATFORM;

        /** {@code VIRTUAL} only where the JVM has virtual threads, else {@code PLATFORM}. */
        Clients available() {
            return this == VIRTUAL && virtualFactory() == null ? PLATFORM : this;
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
    private final Clients clients;
    private final List<Worker> workers = new ArrayList<>();
    private LoopClients loops;
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
        this(base, connections, originNanos, numbers, timeoutMillis, Clients.LOOP);
    }

    DrillLoad(URI base, int connections, long originNanos, AtomicLong numbers, int timeoutMillis, Clients clients) {
        this.clients = clients.available();
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

    /** How the clients run. */
    Clients clients() {
        return clients;
    }

    DrillLoad start() throws IOException {
        if (clients == Clients.LOOP) {
            loops = new LoopClients(this, connections, LoopClients.defaultLoops());
            loops.start();
            return this;
        }
        ThreadFactory virtual = clients == Clients.VIRTUAL ? Clients.virtualFactory() : null;
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

    /** Stops sending; every client finishes the request it is in (bounded by the timeout). Records by start time. */
    List<DrillRecord> stop() throws InterruptedException {
        stopping = true;
        List<DrillRecord> all = new ArrayList<>();
        if (loops != null) {
            all.addAll(loops.join());
        }
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

    /**
     * Records a request that was answered, with the id of a 201; returns how long its client waits before
     * the next one (0: not at all). Every kind of client ends its requests here or in {@link #failed}.
     */
    long answered(List<DrillRecord> records, long n, long startMicros, HttpResponseReader.Response answer) {
        int status = answer.status();
        return ended(records, n, startMicros, Integer.toString(status), status == 201 ? idOf(answer.location()) : -1,
                status == 503 ? answer.retryAfterSeconds() : -1);
    }

    /** Records a request that ended without an answer, as {@value DrillRecord#TIMEOUT} or {@value DrillRecord#ERROR}. */
    long failed(List<DrillRecord> records, long n, long startMicros, String status, Exception e) {
        firstErrors.putIfAbsent(status, e.toString());
        String key = e.getClass().getSimpleName() + ": " + e.getMessage();
        if (errorCounts.size() < 20 || errorCounts.containsKey(key)) {
            errorCounts.computeIfAbsent(key, k -> new LongAdder()).increment();
        }
        return ended(records, n, startMicros, status, -1, -1);
    }

    private long ended(List<DrillRecord> records, long n, long startMicros, String status, long id, int retryAfterSeconds) {
        records.add(new DrillRecord(n, startMicros, now(), status, id));
        completed.incrementAndGet();
        if (status.equals(DrillRecord.ERROR)) {
            return ERROR_PAUSE_MILLIS;
        }
        return honourRetryAfter && retryAfterSeconds > 0 ? retryAfterSeconds * 1_000L : 0;
    }

    /** The first message of each kind of failure without an answer ({@value DrillRecord#TIMEOUT}, {@value DrillRecord#ERROR}). */
    Map<String, String> firstErrors() {
        return firstErrors;
    }

    /** Now on the drill's clock, in µs. */
    long now() {
        return (System.nanoTime() - originNanos) / 1_000;
    }

    URI base() {
        return base;
    }

    int timeoutMillis() {
        return timeoutMillis;
    }

    boolean stopping() {
        return stopping;
    }

    /** The number of the next request, whose colour is {@code drill-<n>}. */
    long nextNumber() {
        return numbers.getAndIncrement();
    }

    private final class Worker implements Runnable {
        Thread thread;
        final List<DrillRecord> records = new ArrayList<>();

        @Override
        public void run() {
            try (HttpConnection connection = new HttpConnection(base, timeoutMillis)) {
                while (!stopping) {
                    long n = nextNumber();
                    String body = body(n);
                    long start = now();
                    long pause;
                    try {
                        pause = answered(records, n, start, connection.send("POST", PATH, body));
                    } catch (SocketTimeoutException e) {
                        pause = failed(records, n, start, DrillRecord.TIMEOUT, e);
                    } catch (IOException | RuntimeException e) {
                        pause = failed(records, n, start, DrillRecord.ERROR, e);
                    }
                    pause(pause);
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
