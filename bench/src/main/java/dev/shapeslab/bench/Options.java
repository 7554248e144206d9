package dev.shapeslab.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The harness's options, parsed by picocli (which also writes {@code --help}); {@code bench/compare.sh} passes
 * the machine facts as system properties. Each option with a value is a setter that checks it, so that a
 * wrong value is refused with what is allowed; the fields keep the defaults.
 */
@Command(name = "bench/compare.sh", sortOptions = false, usageHelpWidth = 120, synopsisHeading = "Usage: ",
        customSynopsis = "bench/compare.sh [options]%n",
        description = {
                "Runs execution variants x scenarios, each cell on a fresh app JVM (and a fresh H2 server or PostgreSQL",
                "cluster for the h2 and pg backends), and writes target/bench/<timestamp>/ with summary.md (throughput,",
                "latency and CPU per request of the app, the database server and the load generator), results.csv (a row",
                "per measured window), faults.csv (a row per drill), charts, index.html, and every window's raw output",
                "(cells/*/).", ""},
        optionListHeading = "Options%n")
final class Options {

    final List<String> args;
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this text")
    boolean help;
    @Option(names = "--dry-run", order = 90, description = "print the plan, run nothing")
    boolean dryRun;
    Path reportOnly;
    Path out;
    List<String> variants = List.of("plain", "rxjava", "async", "virtual", "webflux", "vertx");
    List<String> scenarios = List.of("slow-backend", "mixed");
    List<String> backends = List.of("h2");
    List<Integer> users = List.of(100, 1000);
    /** Whether --users was given: the map's clients default to {@link #MAP_CLIENTS} otherwise. */
    boolean usersGiven;
    static final List<Integer> MAP_CLIENTS = List.of(10, 100, 1000, 10000);
    List<Integer> latencies = List.of(0, 1, 10, 100, 1000);
    List<String> configs = List.of("shipped");
    List<String> servers = List.of("tomcat");
    int latencyMs = 100;
    boolean baseline = true;
    List<Integer> connections = List.of(16);
    /** --db-pools: the database pool sizes of mixed and per-type on a database; empty, the app's default. */
    List<Integer> dbPools = List.of();
    int drillConnections = 32;
    int overloadConnections = 5000;
    int overloadWarmup = 60;
    boolean honourRetryAfter;
    int dbDelayMs;
    int dbDelayPort = 19500;
    String faultHeap = "512m";
    List<String> faultCells = List.of("kill", "freeze", "overload");
    DrillLoad.Clients drillClients = DrillLoad.Clients.LOOP;
    List<Workload> workloads = List.of(Workload.GET_CIRCLE, Workload.POST_CIRCLE, Workload.GET_DRAWINGS,
            Workload.POST_DRAWING);
    int repeat = 1;
    int window = 15;
    int windows = 3;
    /** {@code --paired}: clients of a window after each measured one, 0 for none. */
    int paired;
    int warmupWindow = 10;
    int warmupMin = 60;
    int warmupMax = 150;
    int settlePercent = 10;
    List<Integer> openPercents = List.of(50, 80);
    List<Integer> openRates = List.of();
    @Option(names = "--jfr", order = 47, description = "one more window under a JFR recording (settings=profile): cells/*/app.jfr")
    boolean jfr;
    @Option(names = "--live-heap", order = 48, description = {"at the middle of each measured window, the app's live heap: a class histogram",
            "(jcmd GC.class_histogram, which runs a full GC: the window's throughput pays",
            "for it, so use it for memory runs) and the requests in flight, into",
            "results.csv's live_heap_mib and in_flight (cells/*/measure-N.histogram.txt)"})
    boolean liveHeap;
    @Option(names = "--keep-data", order = 89, description = {"keep each H2 cell's database files (deleted at the cell's end: a write cell",
            "leaves gigabytes, and no report reads them)"})
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

    @Option(names = "--variants", order = 1, paramLabel = "LIST", description = "plain,rxjava,async,virtual,webflux,vertx (default: all six)")
    void variants(String v) {
        variants = oneOf(list(v), "variant", "plain", "rxjava", "async", "virtual", "webflux", "vertx");
    }

    @Option(names = "--scenarios", order = 2, paramLabel = "LIST", description = {"(default: slow-backend,mixed)",
            "  slow-backend  GET /circles/{id} on the stub backend with --latency and without,",
            "                at each concurrency of --users",
            "  mixed         the article series' six requests round-robin on each of",
            "                --backends, --connections connections",
            "  per-type      each of --workloads alone on each of --backends (the cost of",
            "                each request type), --connections connections",
            "  map           GET /circles/{id} on the stub, each of --latencies x each of",
            "                --users (default for the map: 10,100,1000,10000), each variant",
            "                (the map of when a model pays; with --config tuned each at its best)",
            "  crosscheck    the slow-backend cell at the first of --users with --latency,",
            "                measured by wrk and by Gatling (LatencyScalingSimulation, a run",
            "                of --window s and one of 4 x --window s): the two generators'",
            "                throughput and their CPU per request",
            "  faults        per variant, each on a fresh app under a steady create load:",
            "                kill    the database (each of --backends) killed (-9)",
            "                        after 10 s, restarted 5 s later",
            "                freeze  the database stopped (SIGSTOP) for 20 s",
            "                overload  stub with --latency, the admission limit's",
            "                        concurrency (the knee), then --overload-connections",
            "                what became of every request (bench/README.md)"})
    void scenarios(String v) {
        scenarios = oneOf(list(v), "scenario", "slow-backend", "map", "mixed", "per-type", "crosscheck", "faults");
    }

    @Option(names = "--backends", order = 3, paramLabel = "LIST", description = {
            "the databases of mixed, per-type and the faults' kill and freeze (default: h2)",
            "  h2  the H2 TCP server (h2/loadtesth2.sh), a fresh one per cell",
            "  pg     PostgreSQL (pg/loadtestpg.sh), a fresh private cluster per cell;",
            "         its CPU is the postmaster's and all its children's",
            "  r2dbc  the same PostgreSQL cluster per cell, through the app's non-blocking",
            "         driver (r2dbc-postgresql); under async, rxjava and webflux only: the",
            "         app refuses plain, virtual and vertx there, and their cells are skipped"})
    void backends(String v) {
        backends = oneOf(list(v), "backend", "h2", "pg", "r2dbc");
    }

    @Option(names = "--users", order = 4, paramLabel = "LIST", description = "slow-backend concurrency (default: 100,1000)")
    void users(String v) {
        users = ints(v, "--users");
        usersGiven = true;
    }

    /** The map's clients: --users when given, else {@link #MAP_CLIENTS}. */
    List<Integer> mapClients() {
        return usersGiven ? users : MAP_CLIENTS;
    }

    @Option(names = "--latencies", order = 5, paramLabel = "LIST", description = "map: stub latencies in ms (default: 0,1,10,100,1000)")
    void latencies(String v) {
        latencies = list(v).stream().map(s -> positive(s, "--latencies", 0)).toList();
    }

    @Option(names = "--config", order = 5, paramLabel = "LIST", description = {
            "slow-backend and map: the app's configuration per cell, shipped (its defaults)",
            "or tuned (each model at its best for the cell's clients: Tuning), or both",
            "(default: shipped)"})
    void config(String v) {
        configs = oneOf(list(v), "config", "shipped", "tuned");
    }

    @Option(names = "--servers", order = 5, paramLabel = "LIST", description = {
            "the servers of plain, rxjava, async and virtual: tomcat (the app's default),",
            "jetty (the profile jetty), or both, each cell once per server (default: tomcat);",
            "webflux runs on Reactor Netty and vertx on Vert.x whatever this says"})
    void servers(String v) {
        servers = oneOf(list(v), "server", CellPlan.SERVLET_SERVERS.toArray(String[]::new));
    }

    @Option(names = "--latency", order = 5, paramLabel = "MS", description = "slow-backend stub latency in ms (default: 100)")
    void latency(String v) {
        latencyMs = positive(v, "--latency", 0);
    }

    @Option(names = "--no-baseline", order = 6, description = "skip the slow-backend cells without latency")
    void noBaseline(boolean skip) {
        baseline = !skip;
    }

    @Option(names = "--connections", order = 7, paramLabel = "LIST", description = "mixed and per-type concurrency, each a cell (default: 16)")
    void connections(String v) {
        connections = ints(v, "--connections");
    }

    @Option(names = "--db-pools", order = 7, paramLabel = "LIST", description = {
            "mixed and per-type on h2, pg, r2dbc: the app's database pool size, each a cell",
            "(Hikari's, r2dbc-pool's and the Vert.x client's, whichever runs; admission and",
            "the blocking pool follow it); default: the app's own (10)"})
    void dbPools(String v) {
        dbPools = ints(v, "--db-pools");
    }

    @Option(names = "--workloads", order = 8, paramLabel = "LIST",
            description = "per-type workloads (default: get-circle,post-circle,get-drawings,post-drawing)")
    void workloads(String v) {
        workloads = list(v).stream().map(Workload::byId).toList();
    }

    @Option(names = "--drill-connections", order = 9, paramLabel = "N",
            description = "faults: closed-loop creates during kill and freeze (default: 32)")
    void drillConnections(String v) {
        drillConnections = positive(v, "--drill-connections", 1);
    }

    @Option(names = "--overload-connections", order = 10, paramLabel = "N",
            description = "faults: connections of the overload (default: 5000)")
    void overloadConnections(String v) {
        overloadConnections = positive(v, "--overload-connections", 1);
    }

    @Option(names = "--overload-warmup", order = 11, paramLabel = "S", description = {
            "faults: seconds at the knee's concurrency before the knee is recorded",
            "(default: 60; async's and virtual's knee is CPU-bound and moved by 70 %%",
            "within the first 30 s of a fresh JVM)"})
    void overloadWarmup(String v) {
        overloadWarmup = positive(v, "--overload-warmup", 0);
    }

    @Option(names = "--retry-after", order = 12, paramLabel = "MODE", description = {
            "the clients after a 503 (faults' overload, and wrk's closed loops): ignore",
            "(send again at once, the default) or honour (wait its Retry-After first)"})
    void retryAfter(String v) {
        honourRetryAfter = oneOf(List.of(v), "--retry-after mode", "ignore", "honour").get(0).equals("honour");
    }

    @Option(names = "--fault-heap", order = 13, paramLabel = "SIZE", description = "faults: app heap, -Xms = -Xmx (default: 512m)")
    void faultHeap(String v) {
        faultHeap = heapSize(v);
    }

    @Option(names = "--drill-threads", order = 14, paramLabel = "KIND", description = {
            "faults: how the generator's clients run: loop (non-blocking connections on",
            "an event loop per core, the default), virtual (a virtual thread each,",
            "JDK 21+) or platform (a platform thread each)"})
    void drillThreads(String v) {
        drillClients = DrillLoad.Clients.valueOf(oneOf(List.of(v), "--drill-threads kind", "loop", "virtual", "platform")
                .get(0).toUpperCase(Locale.ROOT));
    }

    @Option(names = "--fault-cells", order = 15, paramLabel = "LIST",
            description = "faults: which cells per variant, of kill,freeze,overload (default: all three)")
    void faultCells(String v) {
        faultCells = oneOf(list(v), "fault cell", "kill", "freeze", "overload");
    }

    @Option(names = "--db-delay", order = 17, paramLabel = "MS", description = {
            "mixed and per-type on h2, pg, r2dbc: MS more per round trip between the app",
            "and its database, from a proxy (a process of its own, its CPU counted apart)",
            "that forwards each direction's bytes MS/2 late (default: 0, none)"})
    void dbDelay(String v) {
        dbDelayMs = positive(v, "--db-delay", 0);
    }

    @Option(names = "--db-delay-port", order = 17, paramLabel = "N", description = "the delay proxy's port on 127.0.0.1 (default: 19500)")
    void dbDelayPort(String v) {
        dbDelayPort = positive(v, "--db-delay-port", 1);
    }

    @Option(names = "--repeat", order = 16, paramLabel = "N", description = "the whole matrix N times, fresh JVMs each time (default: 1)")
    void repeat(String v) {
        repeat = positive(v, "--repeat", 1);
    }

    @Option(names = "--window", order = 40, paramLabel = "S", description = "each measured window in seconds (default: 15)")
    void window(String v) {
        window = positive(v, "--window", 1);
    }

    @Option(names = "--windows", order = 41, paramLabel = "N", description = "measured closed-loop windows per cell (default: 3)")
    void windows(String v) {
        windows = positive(v, "--windows", 1);
    }

    @Option(names = "--paired", order = 41, paramLabel = "N", description = {
            "after each measured window, one at N clients (paired-1, ...), on the same JVM",
            "and database seconds later, after one unmeasured at N: a ratio between the",
            "two numbers of clients, window by window, that the machine's speed from one",
            "cell to the next does not move (default: none)"})
    void paired(String v) {
        paired = positive(v, "--paired", 1);
    }

    @Option(names = "--warmup-window", order = 42, paramLabel = "S", description = "warm-up windows in seconds (default: 10)")
    void warmupWindow(String v) {
        warmupWindow = positive(v, "--warmup-window", 1);
    }

    @Option(names = "--warmup-min", order = 43, paramLabel = "S",
            description = "the shortest warm-up (default: 60): a fresh JVM compiles for 30-60 s")
    void warmupMin(String v) {
        warmupMin = positive(v, "--warmup-min", 0);
    }

    @Option(names = "--warmup-max", order = 44, paramLabel = "S",
            description = "warm-up bound (default: 150); a cell that does not settle by then is flagged")
    void warmupMax(String v) {
        warmupMax = positive(v, "--warmup-max", 0);
    }

    @Option(names = "--settle", order = 45, paramLabel = "PERCENT", description = {
            "after --warmup-min, the warm-up ends when its last three windows agree on",
            "the app's CPU per request within this (default: 10), the last not below the",
            "first by more than half of it"})
    void settle(String v) {
        settlePercent = positive(v, "--settle", 1);
    }

    @Option(names = "--open", order = 46, paramLabel = "LIST", description = {
            "open-model windows at these percentages of the measured knee; none for none",
            "(default: 50,80)"})
    void open(String v) {
        openPercents = v.equals("none") ? List.of() : ints(v, "--open");
    }

    @Option(names = "--open-rates", order = 46, paramLabel = "LIST",
            description = "open-model windows at these absolute rates in req/s, e.g. 1500 (default: none)")
    void openRates(String v) {
        openRates = ints(v, "--open-rates");
    }

    @Option(names = "--heap", order = 80, paramLabel = "SIZE", description = "app heap, -Xms = -Xmx (default: 1g)")
    void heap(String v) {
        heap = heapSize(v);
    }

    @Option(names = "--jvm-opts", order = 81, paramLabel = "\"OPTS\"", description = "more app JVM options")
    void jvmOpts(String v) {
        jvmOpts = v;
    }

    @Option(names = "--port", order = 82, paramLabel = "N", description = "app port on 127.0.0.1 (default: 18080)")
    void port(String v) {
        port = positive(v, "--port", 1);
    }

    @Option(names = "--management-port", order = 83, paramLabel = "N",
            description = "the app's management port, scraped for its own metrics (default: 18081)")
    void managementPort(String v) {
        managementPort = positive(v, "--management-port", 1);
    }

    @Option(names = "--h2-port", order = 84, paramLabel = "N", description = "H2 TCP server port (default: 19092)")
    void h2Port(String v) {
        h2Port = positive(v, "--h2-port", 1);
    }

    @Option(names = "--pg-port", order = 85, paramLabel = "N", description = "PostgreSQL port of the pg and r2dbc cells (default: 19432)")
    void pgPort(String v) {
        pgPort = positive(v, "--pg-port", 1);
    }

    @Option(names = "--start-timeout", order = 86, paramLabel = "S", description = "(default: 120)")
    void startTimeout(String v) {
        startTimeout = positive(v, "--start-timeout", 1);
    }

    @Option(names = "--out", order = 87, paramLabel = "DIR", description = "run directory (default: target/bench/<timestamp>)")
    void out(String v) {
        out = Path.of(v).toAbsolutePath();
    }

    @Option(names = "--report-only", order = 91, paramLabel = "DIR", description = {
            "rewrite DIR/summary.md, results.csv, faults.csv, the charts and index.html",
            "from DIR's raw data"})
    void reportOnly(String v) {
        reportOnly = Path.of(v);
    }

    /** Parses {@code args}; a wrong option or value throws {@link IllegalArgumentException} saying what is allowed. */
    static Options parse(String[] args) {
        Options o = new Options(args);
        try {
            new CommandLine(o).parseArgs(args);
        } catch (CommandLine.ParameterException e) {
            // a setter's refusal arrives wrapped; its own message says what is allowed
            Throwable cause = e.getCause();
            throw new IllegalArgumentException(cause instanceof IllegalArgumentException ? cause.getMessage() : e.getMessage(), e);
        }
        o.refuseBackendsNoVariantRuns();
        return o;
    }

    /**
     * A backend none of {@code --variants} runs on would leave only skipped cells (CellPlan.skipped): refused,
     * saying which variants it needs. Pairings the app refuses among others are skipped with a note in the plan.
     */
    private void refuseBackendsNoVariantRuns() {
        for (String backend : backends) {
            if (variants.stream().allMatch(v -> CellPlan.refusal(v, backend).isPresent())) {
                throw new IllegalArgumentException("--backends " + backend + " runs under --variants "
                        + String.join(" or ", CellPlan.R2DBC_VARIANTS) + " only (the app refuses "
                        + String.join(" and ", variants) + " on " + backend
                        + ": plain and virtual block on their store calls, vertx has the Vert.x PostgreSQL client;"
                        + " backend pg serves them)");
            }
        }
    }

    /** What {@code --help} prints. */
    static String usage() {
        return new CommandLine(new Options(new String[0])).getUsageMessage(CommandLine.Help.Ansi.OFF);
    }

    private static String heapSize(String v) {
        if (!v.matches("[0-9]+[kKmMgG]?")) {
            throw new IllegalArgumentException("--heap and --fault-heap must look like 1g or 512m, got " + v);
        }
        return v;
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
