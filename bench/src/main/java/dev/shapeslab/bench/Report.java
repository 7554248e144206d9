package dev.shapeslab.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Writes {@code summary.md} of a run directory, and beside it {@code results.csv}, {@code faults.csv}, the charts
 * and {@code index.html}, from the raw files its cells left (generator outputs and {@code /proc} snapshots); it
 * computes nothing that is not in those files, so a report can be rewritten at any time ({@code --report-only}).
 */
final class Report {

    /** A generator that costs more than this share of the app's CPU per request distorts a 2-core machine. */
    static final double GENERATOR_HEAVY = 0.25;
    /** Three windows of a settled cell agree within this on the app's CPU per request. */
    static final double SPREAD_LIMIT = 0.10;
    /**
     * CPU used by processes outside the cell, or taken by the hypervisor (steal), as a share of the machine, above
     * which a window is noisy.
     */
    static final double OTHERS_LIMIT = 0.10;
    /** Slow-backend target: the non-blocking variants reach this share of min(users ÷ latency, their own no-latency rate). */
    static final double TARGET_FACTOR = 0.8;
    /** The variants whose requests hold no platform thread while they wait: the slow-backend target is theirs. */
    static final List<String> NON_BLOCKING = List.of("async", "virtual", "webflux", "vertx");

    private Report() {
    }

    /**
     * Whether a warm-up has settled, given the app's CPU per request in its windows so far: the last three
     * windows agree within {@code percent} % of the lowest of them, and the last is not below the first of them
     * by more than half that. A single window below the ones before is not enough: the JIT compiles in steps, and
     * the cost fell again by half after such a plateau. Nor are three that agree while they fall: a JVM still
     * compiling on a slow machine lowers its cost a few percent a window, and would carry that fall into the
     * measured windows.
     */
    static boolean settled(List<Double> appMicros, int percent) {
        if (appMicros.size() < 3) {
            return false;
        }
        List<Double> last = appMicros.subList(appMicros.size() - 3, appMicros.size());
        double min = last.stream().mapToDouble(d -> d).min().orElseThrow();
        double max = last.stream().mapToDouble(d -> d).max().orElseThrow();
        boolean falling = last.get(0) > last.get(2) * (1 + percent / 200.0);
        return max <= min * (1 + percent / 100.0) && !falling;
    }

    /**
     * Writes {@code summary.md}, the CSV files ({@link Results}), the charts ({@link Charts}) and {@code index.html}
     * ({@link IndexPage}) of a run directory; false when a cell failed.
     */
    static boolean write(Path runDir) throws IOException {
        Run run = Run.load(runDir);
        String summary = markdown(run);
        Files.writeString(runDir.resolve("summary.md"), summary, StandardCharsets.UTF_8);
        Results.write(runDir, run);
        IndexPage.write(runDir, summary, Charts.write(runDir, run));
        return run.cells.stream().allMatch(c -> c.error == null);
    }

    /** A cell's figures: its measured windows (closed loop), open-model windows and the JFR window. */
    static final class Cell {
        final Path dir;
        final Properties props;
        final List<Window> measured = new ArrayList<>();
        final List<Window> open = new ArrayList<>();
        /** {@code --paired}: a window at the paired number of clients after each measured one, in order. */
        final List<Window> paired = new ArrayList<>();
        final List<Window> warmup = new ArrayList<>();
        final Map<String, Window> gatling = new LinkedHashMap<>();
        Window jfr;
        /** The figures of a faults cell ({@link FaultDrill}), which has no windows. */
        FaultFigures drill;
        String error;

        Cell(Path dir, Properties props) {
            this.dir = dir;
            this.props = props;
        }

        static Cell load(Path dir, double clkTck) throws IOException {
            Cell cell = new Cell(dir, RecordFiles.read(dir.resolve("cell.json")));
            if (!"ok".equals(cell.props.getProperty("status"))) {
                cell.error = cell.props.getProperty("error", "status " + cell.props.getProperty("status", "unknown"));
            }
            if (!cell.get("fault").isEmpty()) {
                if (cell.error == null) {
                    try {
                        cell.drill = FaultFigures.load(dir);
                    } catch (IllegalArgumentException | IOException e) {
                        cell.error = "drill: " + e.getMessage();
                    }
                }
                return cell;
            }
            try (Stream<Path> files = Files.list(dir)) {
                // by name, numbers in order: warmup-2 before warmup-10
                for (Path f : files.filter(p -> p.toString().endsWith(".out"))
                        .sorted(Comparator.comparing((Path p) -> p.getFileName().toString().length())
                                .thenComparing(p -> p.getFileName().toString())).toList()) {
                    String name = f.getFileName().toString().replace(".out", "");
                    if (!RecordFiles.exists(dir.resolve(name + ".cpu.json"))) {
                        continue; // a window cut short: no figures
                    }
                    try {
                        Window w = Window.load(dir, name, clkTck);
                        if (name.startsWith("measure-")) {
                            cell.measured.add(w);
                        } else if (name.startsWith("open-")) {
                            cell.open.add(w);
                        } else if (name.matches("paired-\\d+")) {
                            cell.paired.add(w);
                        } else if (name.startsWith("warmup-")) {
                            cell.warmup.add(w);
                        } else if (name.startsWith("gatling-")) {
                            cell.gatling.put(name, w);
                        } else if (name.equals("jfr")) {
                            cell.jfr = w;
                        }
                    } catch (IllegalArgumentException e) {
                        // a figure that cannot be read fails the cell loudly instead of leaving a gap; a cell that
                        // failed as it ran keeps the reason it failed with
                        if (cell.error == null) {
                            cell.error = name + ": " + e.getMessage();
                        }
                    }
                }
            }
            if (cell.error == null && cell.measured.isEmpty()) {
                cell.error = "no measured window";
            }
            // the generator's view ("completed no request") hides why, when the app's log has it
            Path appLog = dir.resolve("app.log");
            if (cell.error != null && !cell.error.contains("OutOfMemoryError") && Files.isRegularFile(appLog)
                    && new String(Files.readAllBytes(appLog), StandardCharsets.UTF_8).contains("java.lang.OutOfMemoryError")) {
                cell.error += " (app.log: java.lang.OutOfMemoryError)";
            }
            cell.open.sort(Comparator.comparingDouble(w -> w.load().requests() / w.load().seconds()));
            return cell;
        }

        String get(String key) {
            return props.getProperty(key, "");
        }

        int intValue(String key) {
            return Integer.parseInt(props.getProperty(key, "0"));
        }

        String group() {
            return get("scenario") + "|" + get("backend") + "|" + get("workload") + "|" + get("connections") + "|" + get("latency_ms");
        }

        Spread throughput() {
            return Spread.of(measured.stream().map(w -> w.load().throughput()).toList());
        }

        /** Requests per second answered 2xx/3xx in time: what a client got served, 503s left out. */
        Spread successes() {
            return Spread.of(measured.stream().map(Window::successes).toList());
        }

        Spread app() {
            return Spread.of(measured.stream().map(Window::appMicros).toList());
        }

        Spread db() {
            return measured.stream().anyMatch(w -> w.dbMicros() == null) ? null
                    : Spread.of(measured.stream().map(Window::dbMicros).toList());
        }

        Spread generator() {
            return Spread.of(measured.stream().map(Window::generatorMicros).toList());
        }

        /** The delay proxy's CPU per request ({@code --db-delay}), or null without one. */
        Spread proxy() {
            return measured.stream().anyMatch(w -> w.proxyMicros() == null) ? null
                    : Spread.of(measured.stream().map(Window::proxyMicros).toList());
        }

        boolean warmupSettled() {
            return settled(warmup.stream().map(Window::appMicros).toList(),
                    Integer.parseInt(props.getProperty("settle_percent", "10")));
        }

        /** Why this cell's figures should not be compared as they are; empty when nothing is wrong. */
        List<String> flags() {
            List<String> flags = new ArrayList<>();
            if (!warmupSettled()) {
                flags.add("not settled: app CPU/request of the last warm-up windows still differ after " + get("warmup_seconds") + " s");
            }
            Spread app = app();
            if (app.relativeRange() > SPREAD_LIMIT) {
                flags.add(String.format(Locale.ROOT, "windows disagree: app CPU/request spread %.0f %%", 100 * app.relativeRange()));
            }
            if (generator().median() > GENERATOR_HEAVY * app.median()) {
                flags.add(String.format(Locale.ROOT, "generator-heavy: generator %.0f %% of the app's CPU/request",
                        100 * generator().median() / app.median()));
            }
            double others = measured.stream().mapToDouble(Window::otherShare).max().orElse(0);
            if (others > OTHERS_LIMIT) {
                flags.add(String.format(Locale.ROOT, "noisy machine: other processes used up to %.0f %% of the CPU", 100 * others));
            }
            double steal = measured.stream().mapToDouble(Window::stealShare).max().orElse(0);
            if (steal > OTHERS_LIMIT) {
                flags.add(String.format(Locale.ROOT, "noisy machine: the hypervisor took up to %.0f %% of the CPU (steal)",
                        100 * steal));
            }
            long failed = measured.stream().mapToLong(w -> w.load().failed()).sum();
            if (failed > 0) {
                flags.add(failed + " failed requests");
            }
            return flags;
        }
    }

    /** Median and range of a cell's windows. */
    record Spread(double median, double min, double max) {

        static Spread of(List<Double> values) {
            List<Double> sorted = values.stream().sorted().toList();
            int n = sorted.size();
            double median = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
            return new Spread(median, sorted.get(0), sorted.get(n - 1));
        }

        double relativeRange() {
            return median == 0 ? 0 : (max - min) / median;
        }
    }

    static final class Run {
        final Properties props;
        final List<Cell> cells = new ArrayList<>();

        Run(Properties props) {
            this.props = props;
        }

        static Run load(Path dir) throws IOException {
            Run run = new Run(RecordFiles.read(dir.resolve("run.json")));
            double clkTck = Double.parseDouble(run.props.getProperty("clk_tck", "100"));
            try (Stream<Path> cells = Files.list(dir.resolve("cells"))) {
                for (Path c : cells.filter(Files::isDirectory).sorted().toList()) {
                    if (RecordFiles.exists(c.resolve("cell.json"))) {
                        run.cells.add(Cell.load(c, clkTck));
                    }
                }
            }
            return run;
        }
    }

    static String markdown(Run run) {
        StringBuilder md = new StringBuilder("# shapes-lab benchmark\n\n");
        md.append("- command: `").append(run.props.getProperty("command", "?")).append("`\n");
        for (String key : List.of("started", "git", "host", "app_java", "app_jvm_opts", "wrk", "warmup", "windows", "window_seconds")) {
            md.append("- ").append(key).append(": ").append(run.props.getProperty(key, "?")).append('\n');
        }
        md.append("""

                Figures: medians of the measured windows of each cell (min–max in brackets). req/s is wrk's closed-loop
                throughput at that concurrency (the knee); *µs/req* is CPU time per completed request, from `/proc` before
                and after each window: the app JVM, the database server, the load generator. *gen % machine* is the
                generator's share of all cores. Latency percentiles of the closed loop suffer from coordinated omission;
                the open-model table has latency measured from each request's due time.

                """);
        Map<String, List<Cell>> groups = new LinkedHashMap<>();
        for (Cell c : run.cells) {
            groups.computeIfAbsent(c.get("scenario"), k -> new ArrayList<>()).add(c);
        }
        for (Map.Entry<String, List<Cell>> scenario : groups.entrySet()) {
            md.append("## ").append(scenario.getKey()).append("\n\n");
            if (scenario.getKey().equals("faults")) {
                faultTables(md, scenario.getValue());
                continue;
            }
            closedTable(md, scenario.getValue());
            openTable(md, scenario.getValue());
            if (scenario.getKey().equals("slow-backend")) {
                targetTable(md, scenario.getValue());
            }
            if (scenario.getKey().equals("crosscheck")) {
                crosscheckTable(md, scenario.getValue());
            }
        }
        pairedTable(md, run.cells);
        jfrTable(md, run.cells);
        List<Cell> failed = run.cells.stream().filter(c -> c.error != null).toList();
        if (!failed.isEmpty()) {
            md.append("## Failed cells\n\n");
            for (Cell c : failed) {
                md.append("- `").append(c.dir.getFileName()).append("`: ").append(c.error).append('\n');
            }
            md.append('\n');
        }
        return md.toString();
    }

    /** The faults scenario: the database drills, then the overloads (figures of {@link FaultFigures}). */
    private static void faultTables(StringBuilder md, List<Cell> cells) {
        List<Cell> database = cells.stream().filter(c -> c.drill != null && !c.drill.fault.equals("overload")).toList();
        List<Cell> overload = cells.stream().filter(c -> c.drill != null && c.drill.fault.equals("overload")).toList();
        if (!database.isEmpty()) {
            md.append("""
                    Database faults under a closed loop of creates (`POST /circles`, a colour of its own per request), on a
                    fresh app and database server each (H2; PostgreSQL: every process of it killed or stopped). *during the fault*: requests in flight between the fault and the
                    database's return (kill: its port accepts again; freeze: SIGCONT), those not answered 201. *back → 201*:
                    from the database's return to the first 201 after it. *lost*: 201s whose id reads back 404 (not
                    verified: the read-back kept failing). *stored though rejected*: rows, read over JDBC, of requests
                    answered other than 201 and 500 (*500 outcome unknown*: the app said the database went away while
                    committing, so the write may or may not be stored; *no answer, stored*: client timeouts and dropped
                    connections, which promised nothing). *log*: bytes of app.log from the fault to the end of the load. Heap: used, sampled each second.

                    | variant | backend | fault | before the fault, not 201 | during the fault, not 201 | slowest error answer | back → 201 | after, not 201 | longest request | 201s | lost (not verified) | stored though rejected | 500 outcome unknown, stored | no answer, stored | log | peak heap MiB, full GCs | peak RSS MiB | targets not met |
                    |---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
                    """);
            for (Cell c : database) {
                FaultFigures f = c.drill;
                md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %,d | %d (%d) | %d | %d of %d | %d of %d | %s | %s | %.0f | %s |%n",
                        c.get("variant"), c.get("backend"), f.fault, FaultFigures.notCreated(f.before), FaultFigures.notCreated(f.during),
                        f.slowestAnswerDuringMillis == null ? "–" : String.format(Locale.ROOT, "%.0f ms", f.slowestAnswerDuringMillis),
                        f.recoveryMillis == null ? "never" : String.format(Locale.ROOT, "%.2f s", f.recoveryMillis / 1e3),
                        FaultFigures.notCreated(f.after), longest(f), f.acknowledged, f.lost, f.unverified,
                        f.storedThoughRejected, f.outcomeUnknownStored, f.outcomeUnknown, f.unansweredStored, f.unanswered,
                        bytes(f.logBytes), heap(f),
                        f.peakRssKib / 1024.0, f.unmet().isEmpty() ? "all met" : String.join("; ", f.unmet())));
            }
            md.append('\n');
        }
        if (!overload.isEmpty()) {
            md.append("""
                    Overload: the stub backend with latency, creates in a closed loop, first at the variant's admission limit
                    (the knee), then at many more connections. Figures of the requests that ended in each window (after a
                    lead-in of connecting); latency at the client from sending to the whole answer, a reconnection included.
                    Clients that send again at once are a closed loop: their mean latency is their number ÷ the answers per
                    second (Little's law), wherever the queue forms, so it says how many clients there are, not how fast
                    the server turns one away; the lone client says that. *answers during the overload* gives both means.
                    *retained heap*: survivors + old space at the end of each 5 s; flat: no full GC and within 10 % of -Xmx.

                    *TCP*: the machine's counters over the whole overload load (loopback carries only the cell): connections
                    the clients opened, SYNs dropped because the app's accept queue was full (the client retries after 1 s,
                    then 3 s), established connections reset.

                    *CPU*: shares of the whole machine (all cores) over the overload load, the app's and the generator's (the
                    harness, whose clients run on event loops, or on a virtual or platform thread each: `--drill-threads`).

                    *lone client*: one more client on a platform thread of its own, a new connection and `GET /circles/0`
                    every 20 ms over the overload's window (404 when admitted, after the latency; 503 when turned away):
                    what the server makes a client wait, without the load's thousands of clients queueing in the generator.

                    | variant | knee: connections, 201/s | overload: connections, 201/s (× knee) | answers during the overload | p99 201 ms | p50, p99 503 ms | lone client: p50, p99 503 ms; p99 404 ms | longest request | TCP during the overload | CPU app, generator | retained heap MiB every 5 s | peak heap MiB, full GCs | peak RSS MiB | log | targets not met |
                    |---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
                    """);
            for (Cell c : overload) {
                FaultFigures f = c.drill;
                md.append(String.format(Locale.ROOT, "| %s | %s, %.0f | %s, %.0f (%.2f) | %s | %s | %s, %s | %s | %s | %s | %s | %s (%s) | %s | %.0f | %s | %s |%n",
                        c.get("variant"), f.drill.getProperty("knee_connections", "?"), f.kneeGoodput,
                        c.get("connections") + ("honour".equals(f.drill.getProperty("clients_retry_after"))
                                ? " (Retry-After honoured)" : ""),
                        f.goodput, f.goodput / f.kneeGoodput, FaultFigures.format(f.overloadStatuses) + closedLoop(c, f),
                        millis(f.p99CreatedMillis), millis(f.p50RejectedMillis), millis(f.p99RejectedMillis), probe(f), longest(f),
                        NetStat.describe(f.overloadTcp), Double.isNaN(f.appCpuShare) ? "–"
                                : String.format(Locale.ROOT, "%.0f %%, %.0f %%", 100 * f.appCpuShare, 100 * f.generatorCpuShare)
                                + generatorClients(f.drill),
                        f.retainedSeries, Boolean.TRUE.equals(f.heapFlat) ? "flat" : "not flat", heap(f),
                        f.peakRssKib / 1024.0, bytes(f.logBytes), f.unmet().isEmpty() ? "all met" : String.join("; ", f.unmet())));
            }
            md.append('\n');
        }
    }

    /** The answers' rate and mean latency, and the mean that Little's law gives a closed loop of the cell's clients. */
    private static String closedLoop(Cell c, FaultFigures f) {
        if (f.answersPerSecond <= 0) {
            return "";
        }
        double clients = Double.parseDouble(c.get("connections"));
        return String.format(Locale.ROOT, "; %,.0f/s, mean %,.0f ms (clients ÷ answers/s: %,.0f ms)", f.answersPerSecond,
                f.meanAnsweredMillis, 1e3 * clients / f.answersPerSecond);
    }

    /** How the generator's clients ran, as the cell recorded it (runs before the event loops said threads). */
    static String generatorClients(Properties drill) {
        String clients = drill.getProperty("generator_clients");
        if (clients != null) {
            return clients.equals("loop") ? " (event loops)" : " (" + clients + " threads)";
        }
        String threads = drill.getProperty("generator_threads");
        return threads == null ? "" : " (" + threads + " threads)";
    }

    /** "12, 85; 140 (503: 700 · 404: 250)": the lone client's figures; "–" without it. */
    private static String probe(FaultFigures f) {
        if (f.probeStatuses.isEmpty()) {
            return "–";
        }
        return millis(f.probeP50RejectedMillis) + ", " + millis(f.probeP99RejectedMillis) + "; "
                + millis(f.probeP99AdmittedMillis) + " (" + FaultFigures.format(f.probeStatuses)
                + (f.probeSkipped > 0 ? ", " + f.probeSkipped + " slots skipped" : "") + ")";
    }

    /** "318, 0": peak heap used in MiB and full collections; "–" without heap samples. */
    private static String heap(FaultFigures f) {
        return Double.isNaN(f.peakHeapMib) ? "–" : String.format(Locale.ROOT, "%.0f, %d", f.peakHeapMib, f.fullGcs);
    }

    private static String longest(FaultFigures f) {
        return f.longest == null ? "–" : String.format(Locale.ROOT, "%.2f s (%s)", f.longest.micros() / 1e6, f.longest.status());
    }

    private static String millis(double ms) {
        return Double.isNaN(ms) ? "–" : String.format(Locale.ROOT, ms < 10 ? "%.1f" : "%.0f", ms);
    }

    private static String bytes(long b) {
        return b < 10_000 ? b + " B" : b < 10_000_000 ? String.format(Locale.ROOT, "%.0f kB", b / 1e3)
                : String.format(Locale.ROOT, "%.0f MB", b / 1e6);
    }

    private static void closedTable(StringBuilder md, List<Cell> cells) {
        md.append("| variant | backend | workload | conn. | latency | req/s | × plain | p50 ms | p99 ms | server p99 ms | app µs/req "
                + "| db server µs/req | gen µs/req | gen % machine | server: refused, pool wait | connection held ms, busy "
                + "| warm-up | flags |\n");
        md.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (Cell c : cells) {
            if (c.error != null) {
                continue;
            }
            Spread rps = c.throughput();
            Spread db = c.db();
            Double plain = plainThroughput(cells, c);
            Window mid = c.measured.get(c.measured.size() / 2);
            ServerMetrics server = serverMetrics(c.dir, mid.name());
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %.1f | %s | %s | %s s%s | %s |%n",
                    c.get("variant"), c.get("backend"), c.get("workload"), c.get("connections"), c.get("latency_ms") + " ms",
                    fmt(rps, "%.0f"), plain == null ? "" : String.format(Locale.ROOT, "%.2f", rps.median() / plain),
                    mid.load().latencyText("p50"), mid.load().latencyText("p99"), serverP99(server),
                    fmt(c.app(), "%.0f"), (db == null ? "–" : fmt(db, "%.0f"))
                            + (c.proxy() == null ? "" : " + proxy " + fmt(c.proxy(), "%.0f")), fmt(c.generator(), "%.0f"),
                    100 * c.measured.stream().mapToDouble(Window::generatorShare).average().orElse(0),
                    serverRefusals(server), connectionsHeld(server, mid.load().seconds()),
                    c.get("warmup_seconds"), c.warmupSettled() ? "" : " (not settled)",
                    String.join("; ", c.flags())));
        }
        md.append('\n');
        List<String> backends = cells.stream().filter(c -> c.error == null && c.db() != null).map(c -> c.get("backend"))
                .distinct().toList();
        if (!backends.isEmpty()) {
            md.append("*db server*: ").append(String.join("; ", backends.stream().map(Report::databaseServer).toList()))
                    .append(". *connection held*: Hikari's mean time from checkout to return, and the connections in use on "
                            + "average over the window (their total holding time ÷ its length: L = λ·W).\n\n");
        }
    }

    /** What the "db server" CPU of a backend is made of. */
    static String databaseServer(String backend) {
        return switch (backend) {
            case "h2" -> "h2 = the H2 TCP server's JVM";
            case "pg", "r2dbc" -> backend + " = PostgreSQL's postmaster and all its child processes (a backend per "
                    + "connection, the checkpointer, the writers, autovacuum), those that exited during the window included";
            default -> backend;
        };
    }

    /** "0.85, 4.1": the mean time a connection was held in ms, and the connections in use on average. */
    private static String connectionsHeld(ServerMetrics server, double seconds) {
        if (server == null || server.connectionHoldMeanMs() == null) {
            return "–";
        }
        return String.format(Locale.ROOT, "%.2f, %.1f", server.connectionHoldMeanMs(), server.connectionsBusy(seconds));
    }

    private static void openTable(StringBuilder md, List<Cell> cells) {
        if (cells.stream().allMatch(c -> c.open.isEmpty())) {
            return;
        }
        md.append("Open model (").append("latency from each request's due time, generator: OpenLoad):\n\n");
        md.append("| variant | backend | workload | conn. | latency | target req/s | achieved req/s | p50 ms | p99 ms | p99.9 ms "
                + "| max ms | server p99 ms | failed | app µs/req | db server µs/req | gen µs/req |\n");
        md.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (Cell c : cells) {
            for (Window w : c.open) {
                GeneratorOutput o = w.load();
                md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s ms | %s | %.0f | %s | %s | %s | %s | %s | %d | %.0f | %s | %.0f |%n",
                        c.get("variant"), c.get("backend"), c.get("workload"), c.get("connections"), c.get("latency_ms"),
                        targetRate(c, w), o.throughput(), o.latencyText("p50"), o.latencyText("p99"), o.latencyText("p99.9"),
                        o.latencyText("p100"), serverP99(serverMetrics(c.dir, w.name())), o.failed(), w.appMicros(),
                        w.dbMicros() == null ? "–" : String.format(Locale.ROOT, "%.0f", w.dbMicros()), w.generatorMicros()));
            }
        }
        md.append('\n');
    }

    /**
     * What the app measured itself over window {@code name}: its Prometheus scrapes before and after
     * ({@code NAME.prom-before}, {@code NAME.prom-after}); null for a run without them.
     */
    static ServerMetrics serverMetrics(Path dir, String name) {
        Path before = dir.resolve(name + ".prom-before");
        Path after = dir.resolve(name + ".prom-after");
        if (!Files.exists(before) || !Files.exists(after)) {
            return null;
        }
        try {
            return ServerMetrics.between(Files.readString(before), Files.readString(after));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The app's own p99 (the upper bound of its histogram bucket), next to the client's. */
    private static String serverP99(ServerMetrics server) {
        if (server == null) {
            return "–";
        }
        Double p99 = server.latencySeconds().get(99.0);
        return p99 == null || p99.isNaN() || p99.isInfinite() ? "–" : String.format(Locale.ROOT, "≤%.1f", p99 * 1000);
    }

    /** Requests the app turned away (admission, async pool) and its mean wait for a database connection. */
    private static String serverRefusals(ServerMetrics server) {
        if (server == null) {
            return "–";
        }
        return String.format(Locale.ROOT, "%d, %s", server.admissionRejected() + server.blockingPoolRejected(),
                server.poolWaitMeanMs() == null ? "–" : String.format(Locale.ROOT, "%.2f ms", server.poolWaitMeanMs()));
    }

    /** {@code open-50}: 50 % of the cell's knee; {@code open-at-1500}: 1,500 req/s. */
    private static String targetRate(Cell c, Window w) {
        String suffix = w.name().substring("open-".length());
        if (suffix.startsWith("at-")) {
            return suffix.substring("at-".length());
        }
        int percent = Integer.parseInt(suffix);
        return String.format(Locale.ROOT, "%.0f (%d %% of knee)", Double.parseDouble(c.get("knee_rps")) * percent / 100.0, percent);
    }

    private static void targetTable(StringBuilder md, List<Cell> cells) {
        List<String> rows = new ArrayList<>();
        for (Cell c : cells) {
            int latency = c.intValue("latency_ms");
            if (c.error != null || latency == 0 || !NON_BLOCKING.contains(c.get("variant"))) {
                continue;
            }
            double ideal = c.intValue("connections") * 1000.0 / latency;
            Double noLatency = cells.stream()
                    .filter(o -> o.error == null && o.get("variant").equals(c.get("variant"))
                            && o.get("connections").equals(c.get("connections")) && o.intValue("latency_ms") == 0)
                    .map(o -> o.throughput().median()).findFirst().orElse(null);
            double bound = noLatency == null ? ideal : Math.min(ideal, noLatency);
            double got = c.throughput().median();
            rows.add(String.format(Locale.ROOT, "| %s | %s | %.0f | %s | %.0f | %.0f | %s |",
                    c.get("variant"), c.get("connections"), ideal, noLatency == null ? "–" : String.format(Locale.ROOT, "%.0f", noLatency),
                    TARGET_FACTOR * bound, got, got >= TARGET_FACTOR * bound ? "met" : "NOT met"));
        }
        if (rows.isEmpty()) {
            return;
        }
        md.append("Target: async, virtual, webflux and vertx reach ").append(TARGET_FACTOR)
                .append(" × min(users ÷ latency, their own no-latency req/s at the same N):\n\n");
        md.append("| variant | users | users ÷ latency | no-latency req/s | target | measured | |\n|---|---|---|---|---|---|---|\n");
        rows.forEach(r -> md.append(r).append('\n'));
        md.append('\n');
    }

    /**
     * wrk against Gatling on the same cell: their throughput should agree when neither saturates the CPU;
     * the CPU each costs per request, and Gatling's marginal cost (the longer run less the shorter, per
     * extra request), which leaves out its fixed costs: JVM start, set-up, report.
     */
    private static void crosscheckTable(StringBuilder md, List<Cell> cells) {
        md.append("Generators compared (wrk: median of the measured windows; Gatling: LatencyScalingSimulation, "
                + "requests ÷ its load duration):\n\n");
        md.append("| variant | users | latency | wrk req/s | Gatling req/s (short, long run) | Gatling ÷ wrk | wrk µs/req "
                + "| Gatling µs/req (short, long run) | Gatling marginal µs/req | p99 ms wrk, Gatling |\n");
        md.append("|---|---|---|---|---|---|---|---|---|---|\n");
        for (Cell c : cells) {
            Window shortRun = c.gatling.get("gatling-1");
            Window longRun = c.gatling.get("gatling-4");
            if (c.error != null || shortRun == null || longRun == null) {
                continue;
            }
            double wrk = c.throughput().median();
            double marginal = (longRun.generatorMicros() * longRun.load().requests()
                    - shortRun.generatorMicros() * shortRun.load().requests())
                    / (longRun.load().requests() - shortRun.load().requests());
            md.append(String.format(Locale.ROOT, "| %s | %s | %s ms | %.0f | %.0f, %.0f | %.2f, %.2f | %.0f | %.0f, %.0f | %.0f | %s, %s |%n",
                    c.get("variant"), c.get("connections"), c.get("latency_ms"), wrk,
                    shortRun.load().throughput(), longRun.load().throughput(),
                    shortRun.load().throughput() / wrk, longRun.load().throughput() / wrk,
                    c.generator().median(), shortRun.generatorMicros(), longRun.generatorMicros(), marginal,
                    c.measured.get(c.measured.size() / 2).load().latencyText("p99"), longRun.load().latencyText("p99")));
        }
        md.append('\n');
    }

    /**
     * {@code --paired}: each measured window beside the window at the paired clients that followed it on the same JVM,
     * and their ratio, window by window and of the means (of the windows that have their pair).
     */
    private static void pairedTable(StringBuilder md, List<Cell> cells) {
        List<Cell> paired = cells.stream().filter(c -> c.error == null && !c.paired.isEmpty()).toList();
        if (paired.isEmpty()) {
            return;
        }
        md.append("## Paired windows: successes a second at the cell's clients and, seconds later, at the paired clients\n\n");
        md.append("| cell | clients | successes/s | paired clients | successes/s | × window by window | × of the means "
                + "| app µs/success → paired | steal % → paired |\n|---|---|---|---|---|---|---|---|---|\n");
        for (Cell c : paired) {
            int pairs = Math.min(c.measured.size(), c.paired.size());
            List<Window> before = c.measured.subList(0, pairs);
            List<Window> after = c.paired.subList(0, pairs);
            List<Double> at = before.stream().map(Window::successes).toList();
            List<Double> then = after.stream().map(Window::successes).toList();
            List<String> ratios = new ArrayList<>();
            for (int i = 0; i < pairs; i++) {
                ratios.add(String.format(Locale.ROOT, "%.2f", then.get(i) / at.get(i)));
            }
            Function<Window, Double> stealPercent = w -> 100 * w.stealShare();
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %.3f | %s → %s | %s → %s |%n",
                    c.dir.getFileName(), c.get("connections"), figures(at), c.get("paired_connections"), figures(then),
                    String.join(", ", ratios), mean(then) / mean(at), figures(before, Window::appPerSuccess),
                    figures(after, Window::appPerSuccess), figures(before, stealPercent), figures(after, stealPercent)));
        }
        md.append('\n');
    }

    private static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    private static String figures(List<Window> windows, Function<Window, Double> figure) {
        return figures(windows.stream().map(figure).toList());
    }

    private static String figures(List<Double> values) {
        return String.join(", ", values.stream().map(v -> String.format(Locale.ROOT, "%.0f", v)).toList());
    }

    private static void jfrTable(StringBuilder md, List<Cell> cells) {
        List<Cell> withJfr = cells.stream().filter(c -> c.error == null && c.jfr != null).toList();
        if (withJfr.isEmpty()) {
            return;
        }
        md.append("## Observer effect: the same load under a JFR recording (settings=profile)\n\n");
        md.append("| cell | req/s measured | req/s under JFR | app µs/req measured | app µs/req under JFR | change |\n");
        md.append("|---|---|---|---|---|---|\n");
        for (Cell c : withJfr) {
            double app = c.app().median();
            md.append(String.format(Locale.ROOT, "| %s | %.0f | %.0f | %.0f | %.0f | %+.1f %% |%n", c.dir.getFileName(),
                    c.throughput().median(), c.jfr.load().throughput(), app, c.jfr.appMicros(),
                    100 * (c.jfr.appMicros() - app) / app));
        }
        md.append('\n');
    }

    private static Double plainThroughput(List<Cell> cells, Cell c) {
        return cells.stream().filter(o -> o.error == null && o.get("variant").equals("plain") && o.group().equals(c.group())
                        && o.get("repeat").equals(c.get("repeat")))
                .map(o -> o.throughput().median()).findFirst().orElse(null);
    }

    private static String fmt(Spread s, String number) {
        if (s.min() == s.max()) {
            return String.format(Locale.ROOT, number, s.median());
        }
        return String.format(Locale.ROOT, number + " (" + number + "–" + number + ")", s.median(), s.min(), s.max());
    }
}
