package dev.shapeslab.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The harness's options; {@code bench/compare.sh} passes the machine facts as system properties. */
final class Options {

    static final String USAGE = """
            Usage: bench/compare.sh [options]

            Runs execution variants x scenarios, each cell on a fresh app JVM (and a fresh H2 server or PostgreSQL
            cluster for the h2 and pg backends), and writes target/bench/<timestamp>/summary.md with throughput,
            latency and CPU per request of the app, the database server and the load generator, plus every
            window's raw output (cells/*/).

            Matrix
              --variants LIST      plain,rxjava,async,virtual (default: all four)
              --scenarios LIST     (default: slow-backend,mixed)
                                     slow-backend  GET /circles/{id} on the stub backend with --latency and without,
                                                   at each concurrency of --users
                                     mixed         the article series' six requests round-robin on each of
                                                   --backends, --connections connections
                                     per-type      each of --workloads alone on each of --backends (the cost of
                                                   each request type), --connections connections
                                     crosscheck    the slow-backend cell at the first of --users with --latency,
                                                   measured by wrk and by Gatling (LatencyScalingSimulation, a run
                                                   of --window s and one of 4 x --window s): the two generators'
                                                   throughput and their CPU per request
                                     faults        per variant, each on a fresh app under a steady create load:
                                                   kill    the database (each of --backends) killed (-9)
                                                           after 10 s, restarted 5 s later
                                                   freeze  the database stopped (SIGSTOP) for 20 s
                                                   overload  stub with --latency, the admission limit's
                                                           concurrency (the knee), then --overload-connections
                                                   what became of every request (bench/README.md)
              --backends LIST      the databases of mixed, per-type and the faults' kill and freeze (default: h2)
                                     h2  the H2 TCP server (h2/loadtesth2.sh), a fresh one per cell
                                     pg  PostgreSQL (pg/loadtestpg.sh), a fresh private cluster per cell;
                                         its CPU is the postmaster's and all its children's
              --users LIST         slow-backend concurrency (default: 100,1000)
              --latency MS         slow-backend stub latency in ms (default: 100)
              --no-baseline        skip the slow-backend cells without latency
              --connections N      mixed and per-type concurrency (default: 16)
              --workloads LIST     per-type workloads (default: get-circle,post-circle,get-drawings,post-drawing)
              --drill-connections N  faults: closed-loop creates during kill and freeze (default: 32)
              --overload-connections N  faults: connections of the overload (default: 5000)
              --overload-warmup S  faults: seconds at the knee's concurrency before the knee is recorded
                                   (default: 60; async's and virtual's knee is CPU-bound and moved by 70 %
                                   within the first 30 s of a fresh JVM)
              --retry-after MODE   faults: the overload's clients after a 503: ignore (send again at once, the
                                   default) or honour (wait its Retry-After first)
              --fault-heap SIZE    faults: app heap, -Xms = -Xmx (default: 512m)
              --drill-threads KIND faults: how the generator's clients run: loop (non-blocking connections on
                                   an event loop per core, the default), virtual (a virtual thread each,
                                   JDK 21+) or platform (a platform thread each)
              --fault-cells LIST   faults: which cells per variant, of kill,freeze,overload (default: all three)
              --repeat N           the whole matrix N times, fresh JVMs each time (default: 1)

            Windows (seconds)
              --window S           each measured window (default: 15)
              --windows N          measured closed-loop windows per cell (default: 3)
              --warmup-window S    warm-up windows (default: 10)
              --warmup-min S       the shortest warm-up (default: 60): a fresh JVM compiles for 30-60 s
              --warmup-max S       warm-up bound (default: 150); a cell that does not settle by then is flagged
              --settle PERCENT     after --warmup-min, the warm-up ends when its last three windows agree on
                                   the app's CPU per request within this (default: 10)
              --open LIST          open-model windows at these percentages of the measured knee; none for none
                                   (default: 50,80)
              --open-rates LIST    open-model windows at these absolute rates in req/s, e.g. 1500 (default: none)
              --jfr                one more window under a JFR recording (settings=profile): cells/*/app.jfr

            App and tools
              --heap SIZE          app heap, -Xms = -Xmx (default: 1g)
              --jvm-opts "OPTS"    more app JVM options
              --port N             app port on 127.0.0.1 (default: 18080)
              --management-port N  the app's management port, scraped for its own metrics (default: 18081)
              --h2-port N          H2 TCP server port (default: 19092)
              --pg-port N          PostgreSQL port of the pg cells (default: 19432)
              --start-timeout S    (default: 120)
              --out DIR            run directory (default: target/bench/<timestamp>)
              --keep-data          keep each H2 cell's database files (deleted at the cell's end: a write cell
                                   leaves gigabytes, and no report reads them)
              --dry-run            print the plan, run nothing
              --report-only DIR    rewrite DIR/summary.md from DIR's raw data
            """;

    final List<String> args;
    boolean help;
    boolean dryRun;
    Path reportOnly;
    Path out;
    List<String> variants = List.of("plain", "rxjava", "async", "virtual");
    List<String> scenarios = List.of("slow-backend", "mixed");
    List<String> backends = List.of("h2");
    List<Integer> users = List.of(100, 1000);
    int latencyMs = 100;
    boolean baseline = true;
    int connections = 16;
    int drillConnections = 32;
    int overloadConnections = 5000;
    int overloadWarmup = 60;
    boolean honourRetryAfter;
    String faultHeap = "512m";
    List<String> faultCells = List.of("kill", "freeze", "overload");
    DrillLoad.Clients drillClients = DrillLoad.Clients.LOOP;
    List<Workload> workloads = List.of(Workload.GET_CIRCLE, Workload.POST_CIRCLE, Workload.GET_DRAWINGS,
            Workload.POST_DRAWING);
    int repeat = 1;
    int window = 15;
    int windows = 3;
    int warmupWindow = 10;
    int warmupMin = 60;
    int warmupMax = 150;
    int settlePercent = 10;
    List<Integer> openPercents = List.of(50, 80);
    List<Integer> openRates = List.of();
    boolean jfr;
    boolean keepData;
    String heap = "1g";
    String jvmOpts = "";
    int port = 18080;
    int h2Port = 19092;
    int pgPort = 19432;
    int managementPort = 18081;
    int startTimeout = 120;

    final Path root = Path.of(System.getProperty("bench.root", "."));
    final String appJava = System.getProperty("bench.appJava", Path.of(System.getProperty("java.home"), "bin", "java").toString());
    final String toolJava = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    final String classpath = System.getProperty("java.class.path");
    final long clkTck = Long.getLong("bench.clkTck", 100);
    /** A file holding the test classpath (Gatling and its dependencies), written by compare.sh. */
    final String gatlingClasspathFile = System.getProperty("bench.gatlingClasspath", "");

    private Options(String[] args) {
        this.args = List.of(args);
    }

    static Options parse(String[] args) {
        Options o = new Options(args);
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "-h", "--help" -> o.help = true;
                case "--dry-run" -> o.dryRun = true;
                case "--no-baseline" -> o.baseline = false;
                case "--jfr" -> o.jfr = true;
                case "--keep-data" -> o.keepData = true;
                default -> {
                    if (i + 1 >= args.length) {
                        throw new IllegalArgumentException("unknown option or missing value: " + a);
                    }
                    String v = args[++i];
                    switch (a) {
                        case "--report-only" -> o.reportOnly = Path.of(v);
                        case "--out" -> o.out = Path.of(v).toAbsolutePath();
                        case "--variants" -> o.variants = oneOf(list(v), "variant", "plain", "rxjava", "async", "virtual");
                        case "--scenarios" -> o.scenarios = oneOf(list(v), "scenario", "slow-backend", "mixed", "per-type",
                                "crosscheck", "faults");
                        case "--backends" -> o.backends = oneOf(list(v), "backend", "h2", "pg");
                        case "--users" -> o.users = ints(v, "--users");
                        case "--latency" -> o.latencyMs = positive(v, "--latency", 0);
                        case "--connections" -> o.connections = positive(v, "--connections", 1);
                        case "--workloads" -> o.workloads = list(v).stream().map(Workload::byId).toList();
                        case "--drill-connections" -> o.drillConnections = positive(v, "--drill-connections", 1);
                        case "--overload-connections" -> o.overloadConnections = positive(v, "--overload-connections", 1);
                        case "--overload-warmup" -> o.overloadWarmup = positive(v, "--overload-warmup", 0);
                        case "--retry-after" -> o.honourRetryAfter = oneOf(List.of(v), "--retry-after mode", "ignore",
                                "honour").get(0).equals("honour");
                        case "--fault-heap" -> o.faultHeap = v;
                        case "--drill-threads" -> o.drillClients = DrillLoad.Clients.valueOf(oneOf(List.of(v),
                                "--drill-threads kind", "loop", "virtual", "platform").get(0).toUpperCase(Locale.ROOT));
                        case "--fault-cells" -> o.faultCells = oneOf(list(v), "fault cell", "kill", "freeze", "overload");
                        case "--repeat" -> o.repeat = positive(v, "--repeat", 1);
                        case "--window" -> o.window = positive(v, "--window", 1);
                        case "--windows" -> o.windows = positive(v, "--windows", 1);
                        case "--warmup-window" -> o.warmupWindow = positive(v, "--warmup-window", 1);
                        case "--warmup-min" -> o.warmupMin = positive(v, "--warmup-min", 0);
                        case "--warmup-max" -> o.warmupMax = positive(v, "--warmup-max", 0);
                        case "--settle" -> o.settlePercent = positive(v, "--settle", 1);
                        case "--open" -> o.openPercents = v.equals("none") ? List.of() : ints(v, "--open");
                        case "--open-rates" -> o.openRates = ints(v, "--open-rates");
                        case "--heap" -> o.heap = v;
                        case "--jvm-opts" -> o.jvmOpts = v;
                        case "--port" -> o.port = positive(v, "--port", 1);
                        case "--h2-port" -> o.h2Port = positive(v, "--h2-port", 1);
                        case "--pg-port" -> o.pgPort = positive(v, "--pg-port", 1);
                        case "--management-port" -> o.managementPort = positive(v, "--management-port", 1);
                        case "--start-timeout" -> o.startTimeout = positive(v, "--start-timeout", 1);
                        default -> throw new IllegalArgumentException("unknown option " + a);
                    }
                }
            }
        }
        for (String heap : List.of(o.heap, o.faultHeap)) {
            if (!heap.matches("[0-9]+[kKmMgG]?")) {
                throw new IllegalArgumentException("--heap and --fault-heap must look like 1g or 512m, got " + heap);
            }
        }
        return o;
    }

    String heapOptions() {
        return String.join(" ", appJvmOptions());
    }

    List<String> appJvmOptions() {
        return appJvmOptions(heap);
    }

    List<String> appJvmOptions(String heap) {
        List<String> opts = new ArrayList<>(List.of("-Xms" + heap, "-Xmx" + heap, "-XX:+UseG1GC"));
        if (!jvmOpts.isBlank()) {
            opts.addAll(Arrays.asList(jvmOpts.trim().split("\\s+")));
        }
        return opts;
    }

    private static List<String> list(String v) {
        return Arrays.stream(v.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    private static List<String> oneOf(List<String> values, String what, String... allowed) {
        for (String v : values) {
            if (!List.of(allowed).contains(v)) {
                throw new IllegalArgumentException("unknown " + what + " '" + v + "' (" + String.join(", ", allowed) + ")");
            }
        }
        return values;
    }

    private static List<Integer> ints(String v, String option) {
        return list(v).stream().map(s -> positive(s, option, 1)).toList();
    }

    private static int positive(String v, String option, int min) {
        try {
            int n = Integer.parseInt(v);
            if (n >= min) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(option + " needs an integer >= " + min + ", got '" + v + "'");
    }
}
