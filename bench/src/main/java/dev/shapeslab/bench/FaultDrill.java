package dev.shapeslab.bench;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One cell of the {@code faults} scenario, on a fresh app (and database server: H2, or a PostgreSQL cluster)
 * that {@link Compare} started: a steady create load ({@link DrillLoad}) with a fault in its middle, then
 * what became of every request.
 *
 * <ul>
 *   <li>{@code kill}: after {@value #LOAD_BEFORE_SECONDS} s, {@code kill -9} of the database server (every
 *       process of it: H2's JVM; PostgreSQL's postmaster and all its children, as a crash of its machine
 *       would), {@value #KILLED_SECONDS} s without it, the server's script's {@code start} on the same data
 *       directory and port (PostgreSQL recovers from its WAL); the database is back when its port accepts a
 *       connection.</li>
 *   <li>{@code freeze}: after {@value #LOAD_BEFORE_SECONDS} s, {@code kill -STOP} of every process of the
 *       server for {@value #FROZEN_SECONDS} s; the database is back at {@code kill -CONT}.</li>
 *   <li>Both: the load goes on {@value #LOAD_AFTER_SECONDS} s after the database is back; then every
 *       acknowledged id is read back ({@code GET /circles/{id}}, 404 = lost), and the drill's rows are
 *       read from the database over JDBC (a row whose request was answered other than 201 was stored
 *       though rejected).</li>
 *   <li>{@code overload}: on the stub backend with latency, a closed loop at the variant's admission
 *       limit ({@code --overload-warmup} s, 60, to warm up, then {@value #KNEE_SECONDS} s recorded: the
 *       knee), then {@code --overload-connections} (5,000) for {@value #OVERLOAD_SECONDS} s, whose clients
 *       send again at once after a 503 or, with {@code --retry-after honour}, wait its {@code Retry-After}.
 *       Each load's first {@value #LEAD_IN_SECONDS} s (connecting) are sent but not counted. Every circle
 *       is deleted before the knee is recorded and before the overload (the stub keeps them in memory). Over
 *       the overload's window a {@link LatencyProbe} times one fresh client every
 *       {@value #PROBE_INTERVAL_MILLIS} ms beside the load's.</li>
 * </ul>
 *
 * <p>Raw files, which {@link FaultFigures} turns into figures: {@code requests.tsv} ({@code knee.tsv},
 * {@code overload.tsv} and {@code probe.tsv} for overload), {@code drill.json} (the timeline on the drill's clock, in µs,
 * and the size of {@code app.log} at each event), {@code heap.tsv} ({@link HeapSampler}),
 * {@code readback.tsv} and {@code stored.txt}.
 */
final class FaultDrill {

    /** The cell's database server (H2, or PostgreSQL), as far as the drill needs it. */
    interface Database {
        /** "H2" or "PostgreSQL", for the log. */
        String name();

        /** The server's main process: H2's JVM, PostgreSQL's postmaster (the parent of all its processes). */
        long pid() throws IOException;

        /** The server's script's {@code start} again, same data directory and port; returns once it listens. */
        void start() throws IOException, InterruptedException, Compare.CellFailure;

        int port();

        /** The numbers of the drill's colours stored in table {@code shape}, read over JDBC. */
        List<Long> drillNumbers() throws IOException, SQLException;
    }

    static final int LOAD_BEFORE_SECONDS = 10;
    static final int KILLED_SECONDS = 5;
    static final int FROZEN_SECONDS = 20;
    static final int LOAD_AFTER_SECONDS = 15;
    static final int KNEE_SECONDS = 15;
    static final int OVERLOAD_SECONDS = 20;
    static final int LEAD_IN_SECONDS = 3;
    /** A request without an answer for this long is a timeout; far above every bound the app promises. */
    static final int TIMEOUT_MILLIS = 30_000;
    /** The overload's {@link LatencyProbe} sends one request every this many ms (50 a second, beside thousands). */
    static final long PROBE_INTERVAL_MILLIS = 20;
    private static final Pattern MAX_IN_FLIGHT = Pattern.compile("(?:^|\\s)-Dshapes\\.admission\\.max-in-flight=(\\d+)(?=\\s|$)");
    private static final int READBACK_CONNECTIONS = 32;
    private static final int READBACK_ATTEMPTS = 5;

    private final Options options;
    private final Processes processes;
    private final CellPlan cell;
    private final Path dir;
    private final URI base;
    private final long appPid;
    private final Database db;
    private final Properties drill = new Properties();
    private final AtomicLong numbers = new AtomicLong();
    private long origin;

    FaultDrill(Options options, Processes processes, CellPlan cell, Path dir, URI base, long appPid, Database db) {
        this.options = options;
        this.processes = processes;
        this.cell = cell;
        this.dir = dir;
        this.base = base;
        this.appPid = appPid;
        this.db = db;
    }

    /**
     * The concurrency of the overload cell's knee: the app's admission limit, as {@code --jvm-opts} sets it
     * ({@code -Dshapes.admission.max-in-flight=N}) or else as the app ships it for the variant
     * (application.properties: 1,000 where a request in flight holds no platform thread, else 150).
     */
    static int admissionLimit(String variant, String jvmOpts) {
        Matcher set = MAX_IN_FLIGHT.matcher(jvmOpts);
        int limit = List.of("async", "virtual", "webflux", "vertx").contains(variant) ? 1000 : 150;
        while (set.find()) {
            limit = Integer.parseInt(set.group(1)); // the last one given wins, as in the JVM
        }
        return limit;
    }

    void run() throws IOException, InterruptedException, Compare.CellFailure {
        drill.setProperty("fault", cell.fault());
        String jstat = Path.of(options.appJava).resolveSibling("jstat").toString();
        origin = System.nanoTime();
        try (HeapSampler ignored = HeapSampler.start(processes, jstat, appPid, origin, dir.resolve("heap.tsv"))) {
            switch (cell.fault()) {
                case "kill", "freeze" -> databaseFault();
                case "overload" -> overload();
                default -> throw new IllegalArgumentException("unknown fault " + cell.fault());
            }
        } finally {
            drill.setProperty("peak_rss_kib", Compare.statusField(appPid, "VmHWM"));
            // times in µs on the drill's clock
            RecordFiles.write(dir.resolve("drill.json"), drill);
        }
    }

    private void databaseFault() throws IOException, InterruptedException, Compare.CellFailure {
        drill.setProperty("connections", Integer.toString(cell.connections()));
        DrillLoad load = load(cell.connections());
        sleepUntil(LOAD_BEFORE_SECONDS * 1_000_000L);
        long pid = db.pid();
        mark("fault_start");
        long back;
        // The whole server: H2 is one process; PostgreSQL a postmaster and a process per connection and task.
        // The main process is stopped first, so that it starts no process while the others are listed.
        signal("STOP", List.of(pid));
        List<Long> all = serverProcesses(pid);
        drill.setProperty("fault_processes", Integer.toString(all.size()));
        if (cell.fault().equals("kill")) {
            signal("KILL", all);
            Compare.log("  kill -9 of %s (PID %d, %d processes) after %d requests", db.name(), pid, all.size(), load.completed());
            sleepUntil(micros("fault_start") + KILLED_SECONDS * 1_000_000L);
            back = restart();
            Compare.log("  %s back (PID %d), listening %.1f s after the kill", db.name(), db.pid(), (back - micros("fault_start")) / 1e6);
        } else {
            signal("STOP", all);
            Compare.log("  kill -STOP of %s (PID %d, %d processes) after %d requests", db.name(), pid, all.size(), load.completed());
            try {
                sleepUntil(micros("fault_start") + FROZEN_SECONDS * 1_000_000L);
            } finally {
                signal("CONT", all);
                back = now();
            }
            Compare.log("  kill -CONT of %s (PID %d)", db.name(), pid);
        }
        mark("db_back", back);
        sleepUntil(back + LOAD_AFTER_SECONDS * 1_000_000L);
        List<DrillRecord> records = load.stop();
        mark("load_end");
        errors("", load);
        DrillRecord.write(dir.resolve("requests.tsv"), records);
        List<DrillRecord> created = records.stream().filter(DrillRecord::created).toList();
        Compare.log("  %d requests, %d acknowledged; reading them back", records.size(), created.size());
        readBack(created);
        try {
            List<String> stored = db.drillNumbers().stream().map(String::valueOf).toList();
            Files.write(dir.resolve("stored.txt"), stored, StandardCharsets.UTF_8);
        } catch (SQLException e) {
            throw new Compare.CellFailure("reading the drill's rows from " + db.name() + ": " + e);
        }
    }

    /** The main process and its descendants, the main one first. */
    private static List<Long> serverProcesses(long pid) throws IOException {
        List<Long> all = new ArrayList<>(List.of(pid));
        all.addAll(ProcessTree.read(pid).descendants().keySet());
        return all;
    }

    /** Starts the database again and returns when its port first accepted a connection (polled every 20 ms). */
    private long restart() throws IOException, InterruptedException, Compare.CellFailure {
        AtomicLong listening = new AtomicLong(-1);
        Thread poller = new Thread(() -> {
            while (listening.get() < 0 && !Thread.currentThread().isInterrupted()) {
                try (Socket s = new Socket()) {
                    s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), db.port()), 200);
                    listening.set(now());
                } catch (IOException refused) {
                    try {
                        Thread.sleep(20);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        }, "db-port-poller");
        poller.setDaemon(true);
        poller.start();
        mark("restart_begin");
        db.start();
        mark("restart_end");
        poller.join(2_000);
        poller.interrupt();
        return listening.get() >= 0 ? listening.get() : micros("restart_end");
    }

    private void overload() throws IOException, InterruptedException {
        int knee = admissionLimit(cell.variant(), options.jvmOpts);
        drill.setProperty("knee_connections", Integer.toString(knee));
        drill.setProperty("connections", Integer.toString(cell.connections()));
        drill.setProperty("lead_in_us", Long.toString(LEAD_IN_SECONDS * 1_000_000L));
        DrillLoad warm = load(knee);
        long kneeFrom = (options.overloadWarmup + LEAD_IN_SECONDS) * 1_000_000L;
        sleepUntil(kneeFrom);
        deleteStubCircles();
        mark("knee_start", kneeFrom);
        sleepUntil(kneeFrom + KNEE_SECONDS * 1_000_000L);
        mark("knee_end");
        List<DrillRecord> kneeRecords = warm.stop();
        errors("knee_", warm);
        DrillRecord.write(dir.resolve("knee.tsv"), kneeRecords);
        Compare.log("  knee: %d connections, %d requests", knee, kneeRecords.size());

        deleteStubCircles();
        mark("overload_load_start");
        drill.setProperty("clients_retry_after", options.honourRetryAfter ? "honour" : "ignore");
        DrillLoad over = load(cell.connections(), options.honourRetryAfter);
        // the lead-in counts from the moment every client exists: 5,000 platform threads (--drill-threads
        // platform) took longer to start than the lead-in itself
        long from = now() + LEAD_IN_SECONDS * 1_000_000L;
        sleepUntil(from);
        mark("overload_start", from);
        LatencyProbe probe = new LatencyProbe(base, origin, PROBE_INTERVAL_MILLIS, TIMEOUT_MILLIS).start();
        sleepUntil(from + OVERLOAD_SECONDS * 1_000_000L);
        mark("overload_end");
        List<DrillRecord> probes = probe.stop();
        drill.setProperty("probe_interval_ms", Long.toString(PROBE_INTERVAL_MILLIS));
        drill.setProperty("probe_skipped", Long.toString(probe.skipped()));
        DrillRecord.write(dir.resolve("probe.tsv"), probes);
        List<DrillRecord> overRecords = over.stop();
        mark("load_end");
        errors("", over);
        DrillRecord.write(dir.resolve("overload.tsv"), overRecords);
        Compare.log("  overload: %d connections, %d requests", cell.connections(), overRecords.size());
    }

    /**
     * {@code DELETE /circles}: the stub keeps every circle created in memory, and async and virtual create
     * thousands a second. Without it the heap the overload is judged by held every circle of the warm-up
     * (retained heap, full GCs and a knee that moved between runs:
     * docs/notebook/2026-11-24-overload-clients-and-processors.md): the drill's own data, not what an overload
     * costs.
     */
    private void deleteStubCircles() throws IOException, InterruptedException {
        int status = 0;
        // The knee's load keeps the admission limit full: a 503 "at capacity" is tried again.
        for (int attempt = 0; attempt < 100 && status != 204; attempt++) {
            try (HttpConnection connection = new HttpConnection(base, TIMEOUT_MILLIS)) {
                status = connection.send("DELETE", "/circles", null).status();
            }
            if (status == 503) {
                Thread.sleep(50);
            } else if (status != 204) {
                break;
            }
        }
        if (status != 204) {
            throw new IOException("DELETE /circles answered " + status + " before the overload's next phase");
        }
        Compare.log("  every circle deleted (the stub keeps them in memory)");
    }

    /** A started create load of {@code connections} clients, run as {@code --drill-threads} asks. */
    private DrillLoad load(int connections) throws IOException {
        return load(connections, false);
    }

    private DrillLoad load(int connections, boolean honourRetryAfter) throws IOException {
        DrillLoad load = new DrillLoad(base, connections, origin, numbers, TIMEOUT_MILLIS, options.drillClients);
        if (honourRetryAfter) {
            load.honouringRetryAfter();
        }
        drill.setProperty("generator_clients", load.clients().name().toLowerCase(Locale.ROOT));
        drill.setProperty("generator_java", System.getProperty("java.vm.name") + " " + Runtime.version());
        return load.start();
    }

    /** GET of every acknowledged id, {@value #READBACK_CONNECTIONS} connections; {@code readback.tsv}: id and status. */
    private void readBack(List<DrillRecord> created) throws IOException, InterruptedException {
        String[] statuses = new String[created.size()];
        AtomicInteger next = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < READBACK_CONNECTIONS; i++) {
            Thread t = new Thread(() -> {
                try (HttpConnection connection = new HttpConnection(base, TIMEOUT_MILLIS)) {
                    for (int at = next.getAndIncrement(); at < statuses.length; at = next.getAndIncrement()) {
                        statuses[at] = readBack(connection, created.get(at).id());
                    }
                }
            }, "readback-" + i);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        List<String> lines = new ArrayList<>(List.of("id\tstatus"));
        for (int i = 0; i < statuses.length; i++) {
            lines.add(created.get(i).id() + "\t" + statuses[i]);
        }
        Files.write(dir.resolve("readback.tsv"), lines, StandardCharsets.UTF_8);
    }

    /**
     * The status of {@code GET /circles/{id}}: 200 kept, 404 lost. A 503 (the database busy or still
     * recovering) or a dropped connection says neither: asked again after a second (Retry-After), at most
     * {@value #READBACK_ATTEMPTS} times, and left as it is after that.
     */
    private String readBack(HttpConnection connection, long id) {
        String status = DrillRecord.ERROR;
        for (int attempt = 1; attempt <= READBACK_ATTEMPTS; attempt++) {
            try {
                status = Integer.toString(connection.send("GET", "/circles/" + id, null).status());
            } catch (IOException e) {
                status = DrillRecord.ERROR;
            }
            if (status.equals("200") || status.equals("404") || attempt == READBACK_ATTEMPTS) {
                break;
            }
            try {
                Thread.sleep(1_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return status;
    }

    private void signal(String signal, List<Long> pids) throws Compare.CellFailure {
        List<String> command = new ArrayList<>(List.of("kill", "-" + signal));
        pids.forEach(p -> command.add(Long.toString(p)));
        List<String> out = Compare.runQuietly(command);
        if (!out.isEmpty()) {
            throw new Compare.CellFailure(String.join(" ", command) + ": " + String.join(" ", out));
        }
    }

    /** How a load's requests without an answer failed, e.g. "SocketException: Connection reset=812". */
    private void errors(String prefix, DrillLoad load) {
        load.errorCounts().forEach((kind, count) -> drill.setProperty(prefix + "errors." + kind, Long.toString(count)));
    }

    /** An event on the drill's clock, with the size of app.log at that moment. */
    private void mark(String event) throws IOException {
        mark(event, now());
    }

    private void mark(String event, long micros) throws IOException {
        drill.setProperty(event + "_us", Long.toString(micros));
        drill.setProperty(event + "_log_bytes", Long.toString(Files.size(dir.resolve("app.log"))));
        if (cell.fault().equals("overload")) {
            drill.setProperty(event + "_tcp", NetStat.snapshot());
            // CPU of the app and of this harness (the generator) against the machine's, as in a window
            drill.setProperty(event + "_stat_app", Files.readString(Path.of("/proc", Long.toString(appPid), "stat")).trim());
            drill.setProperty(event + "_stat_generator", Files.readString(Path.of("/proc/self/stat")).trim());
            drill.setProperty(event + "_stat_machine", ProcStat.MachineTicks.readLine());
        }
    }

    private long micros(String event) {
        return Long.parseLong(drill.getProperty(event + "_us"));
    }

    private long now() {
        return (System.nanoTime() - origin) / 1_000;
    }

    private void sleepUntil(long micros) throws InterruptedException {
        long wait = micros - now();
        if (wait > 0) {
            TimeUnit.MICROSECONDS.sleep(wait);
        }
    }
}
