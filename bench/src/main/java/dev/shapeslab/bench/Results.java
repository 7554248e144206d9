package dev.shapeslab.bench;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The machine-readable results of a run, written by Jackson beside {@code summary.md}: {@code results.csv}, one
 * row per measured window (closed-loop, open-model, Gatling and JFR windows; the warm-up is left out), and
 * {@code faults.csv}, one row per drill. Like the summary they are computed from the raw files alone.
 */
final class Results {

    static final String RESULTS = "results.csv";
    static final String FAULTS = "faults.csv";
    private static final CsvMapper CSV = new CsvMapper();

    private Results() {
    }

    /** One measured window. Figures a window does not have (a database's CPU on the stub) are empty. */
    @JsonPropertyOrder({"commit", "scenario", "variant", "backend", "workload", "clients", "latency_ms", "repeat",
            "window", "kind", "generator", "rate", "req_s", "p50_ms", "p99_ms", "p99_9_ms", "max_ms", "requests",
            "errors", "errors_by_status", "app_us_per_req", "db_us_per_req", "gen_us_per_req", "gen_machine_share",
            "app_heap_used_mib", "app_heap_max", "app_rss_mib", "app_peak_rss_mib", "db_delay_ms", "proxy_us_per_req",
            "config", "settings", "app_threads", "successes_per_s", "app_us_per_success", "status", "error",
            "live_heap_mib", "in_flight", "db_pool", "server", "steal_share"})
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record WindowRow(String commit, String scenario, String variant, String backend, String workload, int clients,
                     @JsonProperty("latency_ms") int latencyMs, int repeat, String window,
                     /** closed (wrk at the cell's concurrency), open (OpenLoad at a fixed rate), gatling, jfr */
                     String kind, String generator,
                     /** the open model's target rate in req/s; empty for a closed loop */
                     Double rate,
                     @JsonProperty("req_s") Double reqPerSecond,
                     @JsonProperty("p50_ms") Double p50Ms, @JsonProperty("p99_ms") Double p99Ms,
                     @JsonProperty("p99_9_ms") Double p999Ms, @JsonProperty("max_ms") Double maxMs,
                     Long requests, Long errors,
                     /** "503=12 timeout=3": answers other than 2xx/3xx by status, socket errors by kind */
                     @JsonProperty("errors_by_status") String errorsByStatus,
                     @JsonProperty("app_us_per_req") Double appMicros, @JsonProperty("db_us_per_req") Double dbMicros,
                     @JsonProperty("gen_us_per_req") Double generatorMicros,
                     @JsonProperty("gen_machine_share") Double generatorShare,
                     /** heap in use after the window (the app's own scrape), its -Xmx, RSS after the window, peak RSS of the cell */
                     @JsonProperty("app_heap_used_mib") Double heapUsedMib, @JsonProperty("app_heap_max") String heapMax,
                     @JsonProperty("app_rss_mib") Double rssMib, @JsonProperty("app_peak_rss_mib") Double peakRssMib,
                     /** --db-delay: the delay per round trip to the database, and the delay proxy's CPU */
                     @JsonProperty("db_delay_ms") Integer dbDelayMs, @JsonProperty("proxy_us_per_req") Double proxyMicros,
                     /** shipped (the app's defaults) or tuned (the model at its best for the clients), and the arguments tuning added */
                     String config, String settings,
                     /** the app's threads after the window (/proc/PID/status): a platform thread's stack is RSS, not heap */
                     @JsonProperty("app_threads") Integer appThreads,
                     /** 2xx answers a second, and the app's CPU per 2xx answer (every other answer's CPU included) */
                     @JsonProperty("successes_per_s") Double successesPerSecond,
                     @JsonProperty("app_us_per_success") Double appMicrosPerSuccess,
                     /** ok, or failed: a failed cell is one row of kind failed, with why, and no figures */
                     String status, String error,
                     /** --live-heap: the live heap after a full GC in the window's middle, and the requests then in flight */
                     @JsonProperty("live_heap_mib") Double liveHeapMib, @JsonProperty("in_flight") Double inFlight,
                     /** the connections of the app's database pool at most, as the pool reported it after the window; empty on the stub */
                     @JsonProperty("db_pool") Integer dbPool,
                     /** the HTTP server: tomcat or jetty (servlet variants), netty (webflux), vertx */
                     String server,
                     /**
                      * the share of the machine's CPU the hypervisor gave other guests during the window (steal); empty
                      * in the rows of runs before it was kept (a CSV without the column reads as such)
                      */
                     @JsonProperty("steal_share") Double stealShare) {
    }

    /** One drill of the faults scenario, as the summary's two tables have it. */
    @JsonPropertyOrder({"commit", "variant", "backend", "fault", "clients", "before", "before_not_201", "during",
            "during_not_201", "slowest_error_ms", "back_to_201_ms", "after", "after_not_201", "longest_ms", "acknowledged",
            "lost", "not_verified", "stored_though_rejected", "unanswered", "unanswered_stored", "knee_201_per_s",
            "overload_201_per_s", "goodput_ratio", "answers_per_s", "answers_by_status", "mean_ms", "p99_201_ms",
            "p50_503_ms", "p99_503_ms", "probe_p50_503_ms", "probe_p99_503_ms", "probe_p99_404_ms", "app_cpu_share",
            "generator_cpu_share", "heap_flat", "peak_heap_mib", "full_gcs", "peak_rss_mib", "log_bytes", "targets_not_met"})
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record FaultRow(String commit, String variant, String backend, String fault, int clients,
                    Long before, @JsonProperty("before_not_201") Long beforeNot201,
                    Long during, @JsonProperty("during_not_201") Long duringNot201,
                    @JsonProperty("slowest_error_ms") Double slowestErrorMs, @JsonProperty("back_to_201_ms") Double backTo201Ms,
                    Long after, @JsonProperty("after_not_201") Long afterNot201,
                    @JsonProperty("longest_ms") Double longestMs, Long acknowledged, Long lost,
                    @JsonProperty("not_verified") Long notVerified,
                    @JsonProperty("stored_though_rejected") Long storedThoughRejected,
                    Long unanswered, @JsonProperty("unanswered_stored") Long unansweredStored,
                    @JsonProperty("knee_201_per_s") Double knee201PerSecond,
                    @JsonProperty("overload_201_per_s") Double overload201PerSecond,
                    @JsonProperty("goodput_ratio") Double goodputRatio,
                    @JsonProperty("answers_per_s") Double answersPerSecond,
                    @JsonProperty("answers_by_status") String answersByStatus,
                    @JsonProperty("mean_ms") Double meanMs, @JsonProperty("p99_201_ms") Double p99CreatedMs,
                    @JsonProperty("p50_503_ms") Double p50RejectedMs, @JsonProperty("p99_503_ms") Double p99RejectedMs,
                    @JsonProperty("probe_p50_503_ms") Double probeP50RejectedMs,
                    @JsonProperty("probe_p99_503_ms") Double probeP99RejectedMs,
                    @JsonProperty("probe_p99_404_ms") Double probeP99AdmittedMs,
                    @JsonProperty("app_cpu_share") Double appCpuShare,
                    @JsonProperty("generator_cpu_share") Double generatorCpuShare,
                    @JsonProperty("heap_flat") Boolean heapFlat, @JsonProperty("peak_heap_mib") Double peakHeapMib,
                    @JsonProperty("full_gcs") long fullGcs, @JsonProperty("peak_rss_mib") Double peakRssMib,
                    @JsonProperty("log_bytes") long logBytes, @JsonProperty("targets_not_met") String targetsNotMet) {
    }

    /** Writes {@code results.csv} and {@code faults.csv} of a loaded run into {@code dir}. */
    static void write(Path dir, Report.Run run) throws IOException {
        write(dir.resolve(RESULTS), WindowRow.class, windowRows(run));
        write(dir.resolve(FAULTS), FaultRow.class, faultRows(run));
    }

    static List<WindowRow> windowRows(Report.Run run) {
        String commit = run.props.getProperty("git", "");
        String heapMax = heapMax(run.props.getProperty("app_jvm_opts", ""));
        List<WindowRow> rows = new ArrayList<>();
        for (Report.Cell c : run.cells) {
            if (c.drill != null) {
                continue;
            }
            if (c.error != null) {
                rows.add(new WindowRow(commit, c.get("scenario"), c.get("variant"), c.get("backend"), c.get("workload"),
                        c.intValue("connections"), c.intValue("latency_ms"), c.intValue("repeat"), "", "failed", "",
                        null, null, null, null, null, null, null, null, "", null, null, null, null,
                        null, cellHeap(c, heapMax), null, peakRssMib(c),
                        c.get("db_delay_ms").isEmpty() ? null : c.intValue("db_delay_ms"), null,
                        config(c), c.get("settings"), null, null, null, "failed", c.error, null, null, null, server(c),
                        null));
                continue;
            }
            List<Window> windows = new ArrayList<>(c.measured);
            windows.addAll(c.paired);
            windows.addAll(c.gatling.values());
            windows.addAll(c.open);
            if (c.jfr != null) {
                windows.add(c.jfr);
            }
            for (Window w : windows) {
                GeneratorOutput load = w.load();
                double successes = w.successes();
                LiveHeap live = liveHeap(c, w.name());
                int connections = kind(w.name()).equals("paired") ? c.intValue("paired_connections") : c.intValue("connections");
                rows.add(new WindowRow(commit, c.get("scenario"), c.get("variant"), c.get("backend"), c.get("workload"),
                        connections, c.intValue("latency_ms"), c.intValue("repeat"), w.name(), kind(w.name()),
                        load.generator(), openRate(c, w.name()), round(load.throughput(), 1),
                        millis(load, "p50"), millis(load, "p99"), millis(load, "p99.9"),
                        millis(load, load.latencyMicros().containsKey("max") ? "max" : "p100"),
                        load.requests(), load.failed(), errors(load.errors()),
                        round(w.appMicros(), 1), w.dbMicros() == null ? null : round(w.dbMicros(), 1),
                        round(w.generatorMicros(), 1), round(w.generatorShare(), 4),
                        heapUsedMib(c, w.name()), cellHeap(c, heapMax), w.appRssKib() == null ? null : round(w.appRssKib() / 1024.0, 1),
                        peakRssMib(c),
                        c.get("db_delay_ms").isEmpty() ? null : c.intValue("db_delay_ms"),
                        w.proxyMicros() == null ? null : round(w.proxyMicros(), 1),
                        config(c), c.get("settings"), w.appThreads(), round(successes, 1),
                        successes > 0 ? round(w.appPerSuccess(), 1) : null, "ok", "",
                        live == null ? null : round(live.bytes() / (1024 * 1024), 1), live == null ? null : live.inFlight(),
                        poolSize(c, w.name()), server(c), round(w.stealShare(), 4)));
            }
        }
        return rows;
    }

    static List<FaultRow> faultRows(Report.Run run) {
        String commit = run.props.getProperty("git", "");
        List<FaultRow> rows = new ArrayList<>();
        for (Report.Cell c : run.cells) {
            FaultFigures f = c.drill;
            if (c.error != null || f == null) {
                continue;
            }
            boolean overload = f.fault.equals("overload");
            rows.add(new FaultRow(commit, c.get("variant"), c.get("backend"), f.fault, c.intValue("connections"),
                    overload ? null : total(f.before), overload ? null : notCreated(f.before),
                    overload ? null : total(f.during), overload ? null : notCreated(f.during),
                    f.slowestAnswerDuringMillis, f.recoveryMillis,
                    overload ? null : total(f.after), overload ? null : notCreated(f.after),
                    f.longest == null ? null : round(f.longest.micros() / 1e3, 1),
                    overload ? null : f.acknowledged, overload ? null : f.lost, overload ? null : f.unverified,
                    overload ? null : f.storedThoughRejected, overload ? null : f.unanswered,
                    overload ? null : f.unansweredStored,
                    overload ? round(f.kneeGoodput, 1) : null, overload ? round(f.goodput, 1) : null,
                    overload && f.kneeGoodput > 0 ? round(f.goodput / f.kneeGoodput, 3) : null,
                    overload ? round(f.answersPerSecond, 1) : null,
                    overload ? errors(f.overloadStatuses) : null,
                    finite(f.meanAnsweredMillis), finite(f.p99CreatedMillis), finite(f.p50RejectedMillis),
                    finite(f.p99RejectedMillis), finite(f.probeP50RejectedMillis), finite(f.probeP99RejectedMillis),
                    finite(f.probeP99AdmittedMillis), finite(f.appCpuShare), finite(f.generatorCpuShare), f.heapFlat,
                    finite(f.peakHeapMib), f.fullGcs, f.peakRssKib == 0 ? null : round(f.peakRssKib / 1024.0, 1),
                    f.logBytes, String.join("; ", f.unmet())));
        }
        return rows;
    }

    /** Reads a CSV this class wrote, as rows of {@code type}. */
    static <T> List<T> read(Path file, Class<T> type) throws IOException {
        CsvSchema schema = CSV.schemaFor(type).withHeader();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8);
             MappingIterator<T> rows = CSV.readerFor(type).with(schema).readValues(r)) {
            return rows.readAll();
        }
    }

    static <T> void write(Path file, Class<T> type, List<T> rows) throws IOException {
        CsvSchema schema = CSV.schemaFor(type).withHeader();
        CSV.writer(schema).writeValue(file.toFile(), rows);
    }

    static String kind(String window) {
        if (window.startsWith("open-")) {
            return "open";
        }
        if (window.startsWith("gatling-")) {
            return "gatling";
        }
        if (window.startsWith("paired-")) {
            return "paired";
        }
        return window.equals("jfr") ? "jfr" : "closed";
    }

    /** The open model's target: {@code open-50} is 50 % of the cell's knee, {@code open-at-1500} 1,500 req/s. */
    private static Double openRate(Report.Cell c, String window) {
        if (!window.startsWith("open-")) {
            return null;
        }
        String suffix = window.substring("open-".length());
        if (suffix.startsWith("at-")) {
            return Double.parseDouble(suffix.substring("at-".length()));
        }
        String knee = c.get("knee_rps");
        return knee.isEmpty() ? null : round(Double.parseDouble(knee) * Integer.parseInt(suffix) / 100.0, 1);
    }

    private static Double millis(GeneratorOutput load, String key) {
        Double us = load.latencyMicros().get(key);
        return us == null ? null : round(us / 1e3, 3);
    }

    /** "503=12 timeout=3" */
    static String errors(Map<String, Long> errors) {
        return errors.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }

    private static Double heapUsedMib(Report.Cell c, String window) {
        Path after = c.dir.resolve(window + ".prom-after");
        if (!Files.exists(after)) {
            return null;
        }
        try {
            Double bytes = ServerMetrics.heapUsedBytes(Files.readString(after, StandardCharsets.UTF_8));
            return bytes == null ? null : round(bytes / (1024 * 1024), 1);
        } catch (IOException e) {
            return null;
        }
    }

    private static Integer poolSize(Report.Cell c, String window) {
        Path after = c.dir.resolve(window + ".prom-after");
        if (!Files.exists(after)) {
            return null;
        }
        try {
            return ServerMetrics.poolSize(Files.readString(after, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return null;
        }
    }

    private static LiveHeap liveHeap(Report.Cell c, String window) {
        try {
            return LiveHeap.of(c.dir, window);
        } catch (IOException | NumberFormatException e) {
            return null;
        }
    }

    private static Double peakRssMib(Report.Cell c) {
        String peakRss = c.get("peak_rss_kib");
        return peakRss.isEmpty() ? null : round(Long.parseLong(peakRss) / 1024.0, 1);
    }

    /** The cell's own heap (cells since the heap was recorded per cell), else the run's. */
    private static String cellHeap(Report.Cell c, String runHeap) {
        String heap = c.get("app_heap");
        return heap.isEmpty() ? runHeap : heap;
    }

    /** Cells from before servers were recorded ran on Tomcat, or on their variant's own server. */
    static String server(Report.Cell c) {
        return CellPlan.server(c.get("server"), c.get("variant"));
    }

    /** Cells from before configurations were recorded ran as shipped. */
    private static String config(Report.Cell c) {
        String config = c.get("config");
        return config.isEmpty() ? "shipped" : config;
    }

    /** "-Xms1g -Xmx1g -XX:+UseG1GC" -> "1g" */
    static String heapMax(String jvmOpts) {
        String max = "";
        for (String opt : jvmOpts.split("\\s+")) {
            if (opt.startsWith("-Xmx")) {
                max = opt.substring("-Xmx".length());
            }
        }
        return max;
    }

    private static long total(Map<String, Long> statuses) {
        return statuses.values().stream().mapToLong(Long::longValue).sum();
    }

    private static long notCreated(Map<String, Long> statuses) {
        return total(statuses) - statuses.getOrDefault(DrillRecord.CREATED, 0L);
    }

    private static Double finite(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? null : round(v, 3);
    }

    static double round(double v, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(v * scale) / scale;
    }
}
