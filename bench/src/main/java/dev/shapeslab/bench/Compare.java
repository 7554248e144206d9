package dev.shapeslab.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The comparison harness ({@code bench/compare.sh} is its entry point): runs a matrix of execution
 * variants × scenarios, each cell on a fresh app JVM (and for {@code h2} a fresh H2 server), and writes
 * the raw output of every window plus {@code summary.md} ({@link Report}).
 *
 * <p>A cell: start the database and the app, create the data the workload reads, warm up with the
 * workload itself until the app's CPU per request settles (the JIT is still compiling at first), then
 * measure {@code --windows} closed-loop windows with wrk (throughput, the knee at this concurrency, and CPU
 * per request of app, database and generator), then open-model windows at fractions of that knee for
 * latency without coordinated omission ({@link OpenLoad}), then, with {@code --jfr}, one more window under
 * a JFR recording, kept apart so that the recording cannot change the measured figures.
 */
public final class Compare {

    /** Seconds an open-model run sends before it records (see {@link OpenLoad}). */
    private static final int OPEN_LEAD_IN_SECONDS = 3;
    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*(\\d+)");
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private final Options options;
    private final Processes processes = new Processes();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private Compare(Options options) {
        this.options = options;
    }

    public static void main(String[] args) throws Exception {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("compare: " + e.getMessage() + " (see --help)");
            System.exit(2);
            return;
        }
        if (options.help) {
            System.out.print(Options.usage());
            return;
        }
        if (options.reportOnly != null) {
            System.exit(Report.write(options.reportOnly) ? 0 : 1);
        }
        System.exit(new Compare(options).run());
    }

    private int run() throws Exception {
        List<CellPlan> plan = CellPlan.matrix(options);
        printPlan(plan);
        if (options.dryRun) {
            return 0;
        }
        Path out = options.out != null ? options.out
                : options.root.resolve("target/bench").resolve(LocalDateTime.now().format(STAMP));
        Files.createDirectories(out.resolve("cells"));
        if (Files.exists(out.resolve("run.json"))) {
            log("resuming the run in %s: its cells that ended are kept", out);
        } else {
            writeRunProperties(out);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(processes::stopAll, "bench-cleanup"));
        int failed = 0;
        int seq = 0;
        for (int repeat = 1; repeat <= options.repeat; repeat++) {
            for (CellPlan cell : plan) {
                seq++;
                Path dir = out.resolve("cells").resolve(String.format(Locale.ROOT, "%03d-%s%s", seq, cell.id(),
                        options.repeat > 1 ? "-r" + repeat : ""));
                if (doneBefore(dir)) {
                    log("cell %d/%d: %s: done in an earlier run into %s, kept", seq, plan.size() * options.repeat,
                            cell.describe(), out);
                    continue;
                }
                Files.createDirectories(dir);
                log("cell %d/%d: %s%s", seq, plan.size() * options.repeat, cell.describe(),
                        options.repeat > 1 ? " · repeat " + repeat : "");
                if (!new CellRun(cell, dir, repeat).run()) {
                    failed++;
                }
                processes.stopAll();
            }
        }
        Report.write(out);
        log("report: %s", out.resolve("summary.md"));
        return failed == 0 ? 0 : 1;
    }

    /**
     * Whether an earlier run into the same {@code --out} finished this cell, so that a long run resumes where it
     * stopped: its cell.json says ok or failed (a failure is a result: a model out of heap, say). A cell that was
     * interrupted, or never wrote its cell.json, runs again from the start.
     */
    static boolean doneBefore(Path dir) throws IOException {
        Path json = dir.resolve("cell.json");
        if (!Files.exists(json)) {
            return false;
        }
        String status = RecordFiles.read(json).getProperty("status", "");
        return status.equals("ok") || status.equals("failed");
    }

    private void printPlan(List<CellPlan> plan) {
        System.out.println("shapes-lab benchmark plan");
        System.out.println("  app JVM   : " + options.appJava + " " + options.heapOptions());
        System.out.println("  backends  : " + String.join(",", options.backends) + " (mixed, per-type, faults' kill and freeze)"
                + (options.backends.stream().anyMatch(CellPlan::onPostgres)
                        ? "; " + String.join(" and ", options.backends.stream().filter(CellPlan::onPostgres).toList())
                        + ": a fresh PostgreSQL cluster per cell on 127.0.0.1:" + options.pgPort : "")
                + (options.dbDelayMs > 0 ? "; " + options.dbDelayMs + " ms more per round trip to the database (a delay proxy on 127.0.0.1:"
                        + options.dbDelayPort + ")" : ""));
        for (String note : CellPlan.skipped(options)) {
            System.out.println("  skipped   : " + note);
        }
        System.out.println("  windows   : warm-up of at least " + options.warmupMin + " s in " + options.warmupWindow
                + " s windows until the last three agree on app CPU/request within " + options.settlePercent
                + " %, falling by less than half that (at most " + options.warmupMax + " s); " + options.windows + " x "
                + options.window + " s measured (wrk); open model at " + options.openPercents + " % of the knee"
                + (options.paired > 0 ? "; each followed by one at " + options.paired + " clients" : "")
                + (options.jfr ? "; one JFR window" : ""));
        if (plan.stream().anyMatch(c -> !c.fault().isEmpty())) {
            System.out.println("  faults    : app " + String.join(" ", options.appJvmOptions(options.faultHeap)) + "; creates by "
                    + options.drillConnections + " connections, the database (every process of it) killed (-9) or frozen (SIGSTOP " + FaultDrill.FROZEN_SECONDS
                    + " s) after " + FaultDrill.LOAD_BEFORE_SECONDS + " s; overload: the admission limit's concurrency, then "
                    + options.overloadConnections + " connections, stub latency " + options.latencyMs + " ms");
        }
        long total = 0;
        for (CellPlan c : plan) {
            System.out.printf(Locale.ROOT, "  %-60s ~%d s%n", c.describe(), c.estimateSeconds(options));
            total += c.estimateSeconds(options);
        }
        total *= options.repeat;
        System.out.printf(Locale.ROOT, "  => %d cells x %d repeat(s), at most about %d min%n", plan.size(), options.repeat,
                (total + 59) / 60);
    }

    private void writeRunProperties(Path out) throws IOException {
        Properties p = new Properties();
        p.setProperty("command", "bench/compare.sh " + String.join(" ", options.args));
        p.setProperty("started", java.time.Instant.now().toString());
        p.setProperty("host", Runtime.getRuntime().availableProcessors() + " cores; " + firstLine(Path.of("/proc/version")));
        p.setProperty("app_java", options.appJava + " (" + javaVersion(options.appJava) + ")");
        p.setProperty("app_jvm_opts", options.heapOptions());
        p.setProperty("harness_java", options.toolJava + " (" + Runtime.version() + ")");
        p.setProperty("clk_tck", Long.toString(options.clkTck));
        p.setProperty("window_seconds", Integer.toString(options.window));
        p.setProperty("windows", Integer.toString(options.windows));
        p.setProperty("warmup", "at least " + options.warmupMin + " s in " + options.warmupWindow
                + " s windows until the last three agree within " + options.settlePercent
                + " %, falling by less than half that, at most "
                + options.warmupMax + " s");
        // a run of uncommitted changes says so: its figures belong to no commit
        boolean uncommitted = !runQuietly(List.of("git", "-C", options.root.toString(), "status", "--porcelain",
                "--untracked-files=no")).stream().allMatch(String::isBlank);
        p.setProperty("git", String.join(" ", runQuietly(List.of("git", "-C", options.root.toString(), "rev-parse",
                "--short", "HEAD"))).trim() + (uncommitted ? "-dirty" : ""));
        p.setProperty("wrk", runQuietly(List.of("wrk", "--version")).stream().findFirst().orElse("?").trim());
        RecordFiles.write(out.resolve("run.json"), p);
    }

    /** One cell's run; its figures go to files in {@code dir}, and {@link Report} reads them. */
    private final class CellRun {
        final CellPlan cell;
        final Path dir;
        final Properties props = new Properties();
        final String base = "http://127.0.0.1:" + options.port;
        Process app;
        Long dbPid;
        /** The delay proxy between the app and its database ({@code --db-delay}), or null. */
        Process proxy;
        /** The PostgreSQL cluster's data directory (pg cells): the cell's pg-data/, or a temporary one. */
        Path pgData;

        CellRun(CellPlan cell, Path dir, int repeat) {
            this.cell = cell;
            this.dir = dir;
            props.setProperty("scenario", cell.scenario());
            props.setProperty("variant", cell.variant());
            props.setProperty("backend", cell.backend());
            props.setProperty("workload", cell.workload().id);
            props.setProperty("workload_desc", cell.workload().description);
            props.setProperty("connections", Integer.toString(cell.connections()));
            props.setProperty("latency_ms", Integer.toString(cell.latencyMs()));
            props.setProperty("repeat", Integer.toString(repeat));
            props.setProperty("config", cell.config());
            props.setProperty("server", cell.server());
            // what the app ran with beyond its defaults: the model's rule, the cell's pool (--db-pools), and the run's own
            // options (--jvm-opts)
            List<String> settings = new ArrayList<>(cell.tuning());
            settings.addAll(cell.poolArguments());
            if (!options.jvmOpts.isBlank()) {
                settings.add(options.jvmOpts.trim());
            }
            props.setProperty("settings", String.join(" ", settings));
        }

        boolean run() throws IOException {
            try {
                requireFree(options.port, "the app's port (--port)");
                requireFree(options.managementPort, "the app's management port (--management-port)");
                if (cell.backend().equals("h2")) {
                    requireFree(options.h2Port, "the H2 server's port (--h2-port)");
                }
                if (cell.onPostgres()) {
                    requireFree(options.pgPort, "PostgreSQL's port (--pg-port)");
                }
                startDatabase();
                delayDatabase();
                startApp();
                if (!cell.fault().isEmpty()) {
                    drill();
                    return true;
                }
                List<Long> circleIds = seed();
                List<Workload.Request> requests = cell.workload().requests(circleIds);
                Files.writeString(dir.resolve("workload.lua"), Workload.luaScript(cell.workload().description, requests,
                        options.honourRetryAfter));
                OpenLoad.writeRequests(dir.resolve("workload.requests"), requests);
                warmUp();
                if (options.paired > 0) {
                    props.setProperty("paired_connections", Integer.toString(options.paired));
                    wrkWindow("paired-warmup", options.warmupWindow, options.paired);
                }
                List<Window> measured = new ArrayList<>();
                for (int i = 1; i <= options.windows; i++) {
                    measured.add(wrkWindow("measure-" + i, options.window));
                    if (options.paired > 0) {
                        wrkWindow("paired-" + i, options.window, options.paired);
                    }
                }
                double knee = measured.stream().mapToDouble(w -> w.load().throughput()).sorted()
                        .skip(measured.size() / 2).findFirst().orElseThrow();
                props.setProperty("knee_rps", String.format(Locale.ROOT, "%.1f", knee));
                if (cell.scenario().equals("crosscheck")) {
                    gatlingWindow("gatling-1", options.window);
                    gatlingWindow("gatling-4", 4 * options.window);
                }
                for (int percent : options.openPercents) {
                    openWindow("open-" + percent, knee * percent / 100.0);
                }
                for (int rate : options.openRates) {
                    openWindow("open-at-" + rate, rate);
                }
                if (options.jfr) {
                    jfrWindow();
                }
                props.setProperty("peak_rss_kib", statusField(app.pid(), "VmHWM"));
                props.setProperty("threads_at_end", statusField(app.pid(), "Threads"));
                props.setProperty("status", "ok");
                return true;
            } catch (CellFailure | IOException | RuntimeException e) {
                props.setProperty("status", "failed");
                props.setProperty("error", e.getMessage() == null ? e.toString() : e.getMessage());
                log("  FAILED: %s", props.getProperty("error"));
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                props.setProperty("status", "interrupted");
                return false;
            } finally {
                processes.stopAll();
                props.setProperty("description", cell.describe());
                RecordFiles.write(dir.resolve("cell.json"), props);
                deleteDatabaseFiles();
            }
        }

        /**
         * An H2 cell's database is its own scratch, read back (the drill's stored rows) before the cell ends:
         * a write cell leaves gigabytes of it, and nothing reads it afterwards. The server has
         * stopped by now; its log, pid and secrets stay.
         */
        private void deleteDatabaseFiles() throws IOException {
            Path data = dir.resolve("h2-data");
            if (options.keepData || !Files.isDirectory(data)) {
                return;
            }
            try (var files = Files.list(data)) {
                for (Path file : files.filter(f -> f.getFileName().toString().matches(".*\\.(mv|trace)\\.db")).toList()) {
                    Files.delete(file);
                }
            }
        }

        /**
         * Saves the app's Prometheus scrape (its own request histogram, refusals, pool waits) to {@code file}:
         * one before and one after a window, outside the CPU snapshots, so the scrapes cost the window nothing.
         */
        private void scrape(String file) throws IOException, InterruptedException {
            try {
                HttpResponse<String> metrics = http.send(HttpRequest.newBuilder(URI.create(
                                "http://127.0.0.1:" + options.managementPort + "/actuator/prometheus"))
                        .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
                if (metrics.statusCode() == 200) {
                    Files.writeString(dir.resolve(file), metrics.body());
                    return;
                }
                log("  no server metrics (%s answered %d)", file, metrics.statusCode());
            } catch (IOException e) {
                log("  no server metrics (%s: %s)", file, e.getMessage());
            }
        }

        /** A process left over from an earlier run would answer instead of this cell's: refuse to measure it. */
        private void requireFree(int port, String what) throws CellFailure {
            try (java.net.Socket ignored = new java.net.Socket(java.net.InetAddress.getLoopbackAddress(), port)) {
                throw new CellFailure(what + " " + port + " is busy: something from an earlier run still listens there");
            } catch (IOException expected) {
                // nothing listens: free
            }
        }

        /**
         * With {@code --db-delay}, a mixed or per-type cell's app reaches its database server through a
         * {@link DelayProxy} (a process of its own, on {@code --db-delay-port}), so every round trip takes that much
         * longer; the proxy's CPU is counted apart.
         */
        private void delayDatabase() throws IOException, InterruptedException, CellFailure {
            boolean server = cell.onPostgres() || cell.backend().equals("h2");
            if (options.dbDelayMs == 0 || !server || !cell.fault().isEmpty()) {
                return;
            }
            requireFree(options.dbDelayPort, "the delay proxy's port (--db-delay-port)");
            int target = cell.onPostgres() ? options.pgPort : options.h2Port;
            Path log = dir.resolve("delay-proxy.log");
            proxy = processes.start(List.of(options.toolJava, "-Xmx256m", "-XX:+UseSerialGC", "-cp", options.classpath,
                    DelayProxy.class.getName(), Integer.toString(options.dbDelayPort), Integer.toString(target),
                    Integer.toString(options.dbDelayMs)), List.of(), log);
            for (int i = 0; i < 300 && !Files.readString(log).contains(DelayProxy.READY); i++) {
                if (!proxy.isAlive()) {
                    throw new CellFailure("the delay proxy did not start (see delay-proxy.log)");
                }
                Thread.sleep(100);
            }
            props.setProperty("db_delay_ms", Integer.toString(options.dbDelayMs));
            log("  delay proxy PID %d: 127.0.0.1:%d -> %d, %d ms more per round trip", proxy.pid(),
                    options.dbDelayPort, target, options.dbDelayMs);
        }

        /** The app's argument naming its database's port points at the delay proxy when there is one. */
        private String throughDelay(String argument) {
            if (proxy == null) {
                return argument;
            }
            return argument.replaceFirst("^(--shapes\\.(pg|h2)\\.port=)\\d+$", "$1" + options.dbDelayPort);
        }

        private void startDatabase() throws IOException, InterruptedException, CellFailure {
            if (cell.onPostgres()) {
                startPostgres();
                return;
            }
            if (!cell.backend().equals("h2")) {
                return;
            }
            Path data = dir.resolve("h2-data");
            Process h2 = processes.script(List.of(options.root.resolve("h2/loadtesth2.sh").toString(), "start"),
                    List.of("H2_PORT=" + options.h2Port, "H2_DATA_DIR=" + data), dir.resolve("h2.log"));
            if (!h2.waitFor(60, TimeUnit.SECONDS) || h2.exitValue() != 0) {
                throw new CellFailure("h2/loadtesth2.sh start failed (see h2.log)");
            }
            dbPid = Long.parseLong(Files.readString(data.resolve("h2.pid")).trim());
            processes.onStop(() -> processes.script(List.of(options.root.resolve("h2/loadtesth2.sh").toString(), "stop"),
                    List.of("H2_PORT=" + options.h2Port, "H2_DATA_DIR=" + data), dir.resolve("h2.log")).waitFor(30, TimeUnit.SECONDS));
            log("  H2 server PID %d on 127.0.0.1:%d", dbPid, options.h2Port);
        }

        private void startApp() throws IOException, InterruptedException, CellFailure {
            List<String> command = new ArrayList<>(List.of(options.appJava));
            command.addAll(options.appJvmOptions(cell.heap(options)));
            command.addAll(List.of("-jar", options.root.resolve("target/shapes-lab-1.0.0-SNAPSHOT.jar").toString(),
                    "--server.port=" + options.port, "--server.address=127.0.0.1",
                    "--management.server.port=" + options.managementPort,
                    "--spring.profiles.active=" + cell.profiles()));
            command.addAll(cell.backendArguments(options, dir.resolve("h2-data"), pgData).stream()
                    .map(this::throughDelay).toList());
            props.setProperty("app_command", String.join(" ", command));
            props.setProperty("app_heap", cell.heap(options));
            app = processes.start(command, List.of(), dir.resolve("app.log"));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(options.startTimeout);
            while (System.nanoTime() < deadline) {
                if (!app.isAlive()) {
                    throw new CellFailure("the app exited during start-up (exit status " + app.exitValue() + "; see app.log)");
                }
                // Tomcat answers before the app has logged what it runs (StartupReport, once the app is
                // ready): on a busy machine that gap was enough to read an empty banner. Ready is both.
                String banner = grep(dir.resolve("app.log"), "Execution variant: ") + " | "
                        + grep(dir.resolve("app.log"), "Backend: ");
                if (banner.contains("Backend: ") && status(base + "/circles?limit=1") == 200) {
                    props.setProperty("app_pid", Long.toString(app.pid()));
                    props.setProperty("app_banner", banner);
                    if (!banner.contains("Execution variant: " + cell.variant() + " ")) {
                        throw new CellFailure("asked for variant " + cell.variant() + " but the app reports: "
                                + props.getProperty("app_banner"));
                    }
                    log("  app PID %d ready", app.pid());
                    return;
                }
                Thread.sleep(300); // polling for readiness: there is no event to wait on
            }
            throw new CellFailure("the app did not answer 200 and log its variant and backend within "
                    + options.startTimeout + " s");
        }

        /** A cell of the faults scenario ({@link FaultDrill}) instead of windows. */
        private void drill() throws IOException, InterruptedException, CellFailure {
            props.setProperty("fault", cell.fault());
            props.setProperty("app_heap", cell.heap(options));
            boolean pg = cell.onPostgres();
            FaultDrill.Database database = !pg && !cell.backend().equals("h2") ? null : new FaultDrill.Database() {
                @Override
                public String name() {
                    return pg ? "PostgreSQL" : "H2";
                }

                @Override
                public long pid() {
                    return dbPid;
                }

                @Override
                public void start() throws IOException, InterruptedException, CellFailure {
                    restartDatabase();
                }

                @Override
                public int port() {
                    return pg ? options.pgPort : options.h2Port;
                }

                @Override
                public List<Long> drillNumbers() throws IOException, java.sql.SQLException {
                    List<Path> classpath = List.of(Path.of(options.gatlingClasspathFile), options.root.resolve("target/h2.classpath"));
                    return pg ? StoredRows.drillNumbersPostgres(classpath, options.pgPort, pgData)
                            : StoredRows.drillNumbers(classpath, options.h2Port, dir.resolve("h2-data"));
                }
            };
            new FaultDrill(options, processes, cell, dir, URI.create(base), app.pid(), database).run();
            if (!app.isAlive()) {
                throw new CellFailure("the app died during the drill (see app.log)");
            }
            props.setProperty("peak_rss_kib", statusField(app.pid(), "VmHWM"));
            props.setProperty("threads_at_end", statusField(app.pid(), "Threads"));
            props.setProperty("status", "ok");
        }

        /**
         * A fresh private PostgreSQL cluster ({@code pg/loadtestpg.sh start}: initdb, a generated password,
         * loopback only) on {@code --pg-port}, its data in the cell's {@code pg-data/}; stopped by the script
         * when the cell ends. Run as root, the script runs the server as user {@code postgres}, which must be able
         * to reach the data directory: when it cannot reach the cell's directory (a clone under {@code /root},
         * say), the data go to a fresh directory under the system's temporary directory instead, as
         * {@code .ci/run} does, and the server's log is copied into the cell at the end.
         */
        private void startPostgres() throws IOException, InterruptedException, CellFailure {
            pgData = dir.resolve("pg-data");
            if (!serverUserReaches(dir)) {
                pgData = Files.createTempDirectory("shapes-bench-pg-");
                Files.setPosixFilePermissions(pgData, java.nio.file.attribute.PosixFilePermissions.fromString("rwx--x--x"));
                log("  the server's user cannot reach %s: PostgreSQL's data in %s", dir, pgData);
            }
            props.setProperty("pg_data_dir", pgData.toString());
            Path data = pgData;
            List<String> env = List.of("PG_PORT=" + options.pgPort, "PG_DATA_DIR=" + data);
            Process pg = processes.script(List.of(options.root.resolve("pg/loadtestpg.sh").toString(), "start"), env,
                    dir.resolve("pg.log"));
            if (!pg.waitFor(120, TimeUnit.SECONDS) || pg.exitValue() != 0) {
                throw new CellFailure("pg/loadtestpg.sh start failed (see pg.log)");
            }
            processes.onStop(() -> {
                processes.script(List.of(options.root.resolve("pg/loadtestpg.sh").toString(), "stop"), env,
                        dir.resolve("pg.log")).waitFor(60, TimeUnit.SECONDS);
                if (!data.startsWith(dir)) {
                    Path log = data.resolve("postgres.log");
                    if (Files.exists(log)) {
                        Files.copy(log, dir.resolve("postgres.log"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                    }
                    runQuietly(List.of("rm", "-rf", "--", data.toString()));
                }
            });
            dbPid = postmasterPid(data);
            props.setProperty("db_version", grep(dir.resolve("pg.log"), "(PostgreSQL)").replaceAll(" running .*", ""));
            log("  PostgreSQL postmaster PID %d on 127.0.0.1:%d", dbPid, options.pgPort);
        }

        private static long postmasterPid(Path data) throws IOException {
            return Long.parseLong(Files.readAllLines(data.resolve("cluster/postmaster.pid")).get(0).trim());
        }

        /** Whether the user PostgreSQL runs as (postgres, when the harness runs as root) can reach {@code dir}. */
        private boolean serverUserReaches(Path dir) {
            if (!"0".equals(runQuietly(List.of("id", "-u")).stream().findFirst().orElse("").trim())) {
                return true; // the server runs as this user
            }
            String user = System.getenv().getOrDefault("PG_USER", "postgres");
            try {
                Process p = new ProcessBuilder("runuser", "-u", user, "--", "test", "-x", dir.toString())
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
            } catch (IOException e) {
                return true; // no runuser: leave it to the script, which says what blocks it
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return true;
            }
        }

        /** The database server again, on the data directory and port of {@link #startDatabase} (its stop action stays). */
        private void restartDatabase() throws IOException, InterruptedException, CellFailure {
            if (cell.onPostgres()) {
                Process pg = processes.script(List.of(options.root.resolve("pg/loadtestpg.sh").toString(), "start"),
                        List.of("PG_PORT=" + options.pgPort, "PG_DATA_DIR=" + pgData), dir.resolve("pg.log"));
                if (!pg.waitFor(120, TimeUnit.SECONDS) || pg.exitValue() != 0) {
                    throw new CellFailure("pg/loadtestpg.sh start failed on restart (see pg.log)");
                }
                dbPid = postmasterPid(pgData);
                return;
            }
            Path data = dir.resolve("h2-data");
            Process h2 = processes.script(List.of(options.root.resolve("h2/loadtesth2.sh").toString(), "start"),
                    List.of("H2_PORT=" + options.h2Port, "H2_DATA_DIR=" + data), dir.resolve("h2.log"));
            if (!h2.waitFor(60, TimeUnit.SECONDS) || h2.exitValue() != 0) {
                throw new CellFailure("h2/loadtesth2.sh start failed on restart (see h2.log)");
            }
            dbPid = Long.parseLong(Files.readString(data.resolve("h2.pid")).trim());
        }

        /** Creates what the workload reads, 32 requests at a time (each may take the stub's latency). */
        private List<Long> seed() throws IOException, InterruptedException, CellFailure {
            Workload.Seed seed = cell.workload().seedPlan();
            Workload filler = Workload.MIXED;
            List<Workload.Request> bodies = filler.requests(List.of());
            List<Workload.Request> creates = new ArrayList<>();
            addCreates(creates, bodies, "/circles", seed.circles());
            addCreates(creates, bodies, "/rectangles", seed.rectangles());
            addCreates(creates, bodies, "/drawings", seed.drawings());
            List<Long> circleIds = new ArrayList<>();
            ExecutorService pool = Executors.newFixedThreadPool(32);
            try {
                List<Future<HttpResponse<String>>> answers = new ArrayList<>();
                for (Workload.Request r : creates) {
                    answers.add(pool.submit(() -> create(r)));
                }
                for (int i = 0; i < answers.size(); i++) {
                    HttpResponse<String> answer = answers.get(i).get();
                    if (answer.statusCode() != 201) {
                        throw new CellFailure("creating the data before the load: " + creates.get(i).path() + " answered "
                                + answer.statusCode());
                    }
                    if (creates.get(i).path().equals("/circles")) {
                        Matcher m = ID.matcher(answer.body());
                        if (m.find()) {
                            circleIds.add(Long.parseLong(m.group(1)));
                        }
                    }
                }
            } catch (java.util.concurrent.ExecutionException e) {
                throw new CellFailure("creating the data before the load: " + e.getCause());
            } finally {
                pool.shutdownNow();
            }
            props.setProperty("seeded", seed.circles() + " circles, " + seed.rectangles() + " rectangles, "
                    + seed.drawings() + " drawings");
            return circleIds;
        }

        /**
         * One create of the seeding. A 503 (a cold app whose 32 seeding requests outnumber its 10 connections
         * waits 500 ms for one at most, then answers 503 with Retry-After; the request wrote nothing) is sent
         * again after 250 ms, for 10 s at most.
         */
        private HttpResponse<String> create(Workload.Request r) throws IOException, InterruptedException {
            HttpRequest request = HttpRequest.newBuilder(URI.create(base + r.path())).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(r.body())).build();
            HttpResponse<String> answer = http.send(request, HttpResponse.BodyHandlers.ofString());
            for (int retry = 1; answer.statusCode() == 503 && retry <= 40; retry++) {
                Thread.sleep(250);
                answer = http.send(request, HttpResponse.BodyHandlers.ofString());
            }
            return answer;
        }

        private void addCreates(List<Workload.Request> creates, List<Workload.Request> bodies, String path, int count) {
            List<Workload.Request> ofPath = bodies.stream().filter(r -> r.path().equals(path) && r.body() != null).toList();
            for (int i = 0; i < count; i++) {
                creates.add(ofPath.get(i % ofPath.size()));
            }
        }

        /** Windows of the workload itself until the app's CPU per request stops falling (or the bound). */
        private void warmUp() throws IOException, InterruptedException, CellFailure {
            List<Double> appMicros = new ArrayList<>();
            int spent = 0;
            while (spent < options.warmupMax
                    && (spent < options.warmupMin || !Report.settled(appMicros, options.settlePercent))) {
                appMicros.add(wrkWindow("warmup-" + (appMicros.size() + 1), options.warmupWindow).appMicros());
                spent += options.warmupWindow;
            }
            props.setProperty("warmup_seconds", Integer.toString(spent));
            props.setProperty("settle_percent", Integer.toString(options.settlePercent));
            log("  warm-up %d s: %s", spent, Report.settled(appMicros, options.settlePercent)
                    ? "app CPU per request settled" : "NOT settled (bound reached)");
        }

        private Window wrkWindow(String name, int seconds) throws IOException, InterruptedException, CellFailure {
            return wrkWindow(name, seconds, cell.connections());
        }

        private Window wrkWindow(String name, int seconds, int connections)
                throws IOException, InterruptedException, CellFailure {
            int threads = Math.min(2, connections);
            List<String> command = List.of("wrk", "-t" + threads, "-c" + connections, "-d" + seconds + "s",
                    "--latency", "--timeout", "10s", "-s", dir.resolve("workload.lua").toString(), base);
            return window(name, command, seconds);
        }

        private Window openWindow(String name, double rate) throws IOException, InterruptedException, CellFailure {
            List<String> command = List.of(options.toolJava, "-Xmx256m", "-XX:+UseSerialGC", "-cp", options.classpath,
                    OpenLoad.class.getName(), base, dir.resolve("workload.requests").toString(),
                    String.format(Locale.ROOT, "%.1f", rate), Integer.toString(cell.connections()),
                    Integer.toString(options.window + OPEN_LEAD_IN_SECONDS), Integer.toString(OPEN_LEAD_IN_SECONDS));
            return window(name, command, options.window + OPEN_LEAD_IN_SECONDS);
        }

        /**
         * Gatling's LatencyScalingSimulation as the generator: the same GETs, but by a closed model of
         * Gatling users who check every answer. The simulation creates its own circles first; that and the
         * JVM's start and report are in the generator's CPU, as they are whenever Gatling is run.
         */
        private void gatlingWindow(String name, int seconds) throws IOException, InterruptedException, CellFailure {
            if (options.gatlingClasspathFile.isEmpty()) {
                throw new CellFailure("crosscheck needs Gatling's classpath (-Dbench.gatlingClasspath, set by compare.sh)");
            }
            // the simulation is among the app's test classes; Gatling and its dependencies are the app's test classpath
            String classpath = options.root.resolve("target/test-classes") + ":" + options.root.resolve("target/classes") + ":"
                    + Files.readString(Path.of(options.gatlingClasspathFile)).trim();
            List<String> command = List.of(options.toolJava, "-Xmx1g", "--add-opens=java.base/java.lang=ALL-UNNAMED",
                    "-Dlogback.configurationFile=" + options.root.resolve("bench/gatling-logback.xml"),
                    "-Duser.language=en", "-Duser.country=US", "-DbaseUrl=" + base,
                    "-Dusers=" + cell.connections(), "-DdurationSeconds=" + seconds, "-Dentities=320",
                    "-cp", classpath, "io.gatling.app.Gatling",
                    "-s", "dev.shapeslab.gatling.LatencyScalingSimulation", "-rf", dir.resolve("gatling").toString());
            window(name, command, seconds);
        }

        private void jfrWindow() throws IOException, InterruptedException, CellFailure {
            String jcmd = Path.of(options.appJava).resolveSibling("jcmd").toString();
            runQuietly(List.of(jcmd, Long.toString(app.pid()), "JFR.start", "name=bench", "settings=profile"));
            wrkWindow("jfr", options.window);
            runQuietly(List.of(jcmd, Long.toString(app.pid()), "JFR.stop", "name=bench",
                    "filename=" + dir.resolve("app.jfr")));
        }

        /** Runs one generator between two CPU snapshots and reads its figures back. */
        private Window window(String name, List<String> generator, int seconds)
                throws IOException, InterruptedException, CellFailure {
            Properties cpu = new Properties();
            scrape(name + ".prom-before");
            snapshot(cpu, "before");
            List<String> wrapped = new ArrayList<>(List.of("sh", "-c",
                    "\"$@\"; rc=$?; echo \"" + GeneratorOutput.CPU_LINE_PREFIX + "$(cat /proc/$$/stat)\"; exit $rc", "sh"));
            wrapped.addAll(generator);
            Process p = processes.start(wrapped, List.of(), dir.resolve(name + ".out"));
            Thread histogram = options.liveHeap && name.startsWith("measure-") ? liveHeapAt(name, seconds / 2) : null;
            // a generator's own start and end (a JVM, Gatling's set-up and report) come on top of the load
            if (!p.waitFor(seconds + 120L, TimeUnit.SECONDS)) {
                throw new CellFailure("window " + name + ": the generator did not finish within " + (seconds + 120) + " s");
            }
            if (histogram != null) {
                histogram.join();
            }
            snapshot(cpu, "after");
            scrape(name + ".prom-after");
            cpu.setProperty("load_seconds", Integer.toString(seconds));
            RecordFiles.write(dir.resolve(name + ".cpu.json"), cpu);
            if (!app.isAlive()) {
                throw new CellFailure("the app died during window " + name + " (see app.log)");
            }
            Window w = Window.load(dir, name, options.clkTck);
            log("  %-10s %8.0f req/s  app %6.0f µs/req%s  generator %5.0f µs/req  p99 %s ms  failed %d",
                    name, w.load().throughput(), w.appMicros(),
                    (w.dbMicros() == null ? "" : String.format(Locale.ROOT, "  db %5.0f µs/req", w.dbMicros()))
                            + (w.proxyMicros() == null ? "" : String.format(Locale.ROOT, "  proxy %4.0f µs/req", w.proxyMicros())),
                    w.generatorMicros(), w.load().latencyText("p99"), w.load().failed());
            return w;
        }

        /**
         * {@code --live-heap}: {@code seconds} into window {@code name}, the requests in flight (a scrape) and the live
         * heap (a class histogram, whose full GC leaves only what is reachable), on a thread of its own beside the load.
         */
        private Thread liveHeapAt(String name, int seconds) {
            String jcmd = Path.of(options.appJava).resolveSibling("jcmd").toString();
            Thread t = new Thread(() -> {
                try {
                    Thread.sleep(seconds * 1000L); // a point in the window's time, not a condition to wait for
                    scrape(name + ".prom-mid");
                    Files.write(dir.resolve(name + ".histogram.txt"),
                            runQuietly(List.of(jcmd, Long.toString(app.pid()), "GC.class_histogram")));
                } catch (IOException e) {
                    log("  no live heap for %s: %s", name, e.getMessage());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "bench-live-heap");
            t.start();
            return t;
        }

        private void snapshot(Properties cpu, String when) throws IOException {
            cpu.setProperty(when + ".app", Files.readString(Path.of("/proc", Long.toString(app.pid()), "stat")).trim());
            if (dbPid != null && cell.onPostgres()) {
                // the postmaster and every child: a backend per connection, the writers, autovacuum (ProcessTree)
                ProcessTree.read(dbPid).store(cpu, when);
            } else if (dbPid != null) {
                cpu.setProperty(when + ".db", Files.readString(Path.of("/proc", Long.toString(dbPid), "stat")).trim());
            }
            if (proxy != null) {
                cpu.setProperty(when + ".proxy", Files.readString(Path.of("/proc", Long.toString(proxy.pid()), "stat")).trim());
            }
            cpu.setProperty(when + ".machine", ProcStat.MachineTicks.readLine());
            cpu.setProperty(when + ".app_rss_kib", statusField(app.pid(), "VmRSS"));
            cpu.setProperty(when + ".app_threads", statusField(app.pid(), "Threads"));
            cpu.setProperty(when + ".nanos", Long.toString(System.nanoTime()));
        }
    }

    private int status(String url) {
        try {
            return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(2)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }

    static String statusField(long pid, String field) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (line.startsWith(field + ":")) {
                return line.substring(field.length() + 1).trim().replace(" kB", "");
            }
        }
        return "";
    }

    private static String grep(Path file, String marker) throws IOException {
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            int at = line.indexOf(marker);
            if (at >= 0) {
                return line.substring(at).trim();
            }
        }
        return "";
    }

    static List<String> runQuietly(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            p.waitFor(30, TimeUnit.SECONDS);
            return lines;
        } catch (IOException e) {
            return List.of("(" + command.get(0) + ": " + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of();
        }
    }

    private static String javaVersion(String java) {
        List<String> lines = runQuietly(List.of(java, "-version"));
        return lines.isEmpty() ? "?" : lines.get(0);
    }

    private static String firstLine(Path p) {
        try {
            return Files.readAllLines(p).get(0);
        } catch (IOException | IndexOutOfBoundsException e) {
            return "?";
        }
    }

    static void log(String format, Object... args) {
        System.out.printf(Locale.ROOT, "[%tT] " + format + "%n", prepend(LocalDateTime.now(), args));
    }

    private static Object[] prepend(Object first, Object[] rest) {
        Object[] all = new Object[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }

    /** A cell that cannot go on; its message is the cell's error in the report. */
    static final class CellFailure extends Exception {
        CellFailure(String message) {
            super(message);
        }
    }
}
