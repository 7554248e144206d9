package dev.shapeslab.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * One cell of the matrix: a variant on a backend under one workload at one concurrency; for the
 * {@code faults} scenario also the fault ({@code kill}, {@code freeze}, {@code overload}; empty otherwise); the
 * app's configuration, {@code shipped} (its defaults) or {@code tuned} (the model at its best for the cell's
 * clients, {@link Tuning}); the HTTP server ({@link #server}); and the database pool's size ({@code --db-pools}; 0 for
 * the app's own).
 */
record CellPlan(String scenario, String variant, String backend, Workload workload, int connections, int latencyMs,
                String fault, String config, String server, int dbPool) {

    /** The servers {@code --servers} chooses among for the servlet variants; Tomcat is the app's default. */
    static final List<String> SERVLET_SERVERS = List.of("tomcat", "jetty");

    CellPlan(String scenario, String variant, String backend, Workload workload, int connections, int latencyMs,
             String fault, String config) {
        this(scenario, variant, backend, workload, connections, latencyMs, fault, config, server("", variant));
    }

    CellPlan(String scenario, String variant, String backend, Workload workload, int connections, int latencyMs,
             String fault, String config, String server) {
        this(scenario, variant, backend, workload, connections, latencyMs, fault, config, server, 0);
    }

    /**
     * The variants the app runs on backend {@code r2dbc}: it offers only the non-blocking store port, and start-up
     * refuses {@code plain} and {@code virtual} there (they block on their store calls; they run on {@code pg}).
     */
    static final List<String> R2DBC_VARIANTS = List.of("async", "rxjava", "webflux");

    CellPlan(String scenario, String variant, String backend, Workload workload, int connections, int latencyMs) {
        this(scenario, variant, backend, workload, connections, latencyMs, "", "shipped");
    }

    CellPlan(String scenario, String variant, String backend, Workload workload, int connections, int latencyMs,
             String fault) {
        this(scenario, variant, backend, workload, connections, latencyMs, fault, "shipped");
    }

    /**
     * Whether {@code backend} runs on the PostgreSQL server of {@code pg/loadtestpg.sh}: {@code pg} (JDBC) and
     * {@code r2dbc} (PostgreSQL's non-blocking driver) both do, a fresh private cluster per cell.
     */
    static boolean onPostgres(String backend) {
        return backend.equals("pg") || backend.equals("r2dbc");
    }

    boolean onPostgres() {
        return onPostgres(backend);
    }

    /**
     * The server a variant brings with it: {@code webflux} runs on Reactor Netty and {@code vertx} on Vert.x's own;
     * empty for the servlet variants, which run on the server of {@code --servers}.
     */
    static Optional<String> ownServer(String variant) {
        return switch (variant) {
            case "webflux" -> Optional.of("netty");
            case "vertx" -> Optional.of("vertx");
            default -> Optional.empty();
        };
    }

    /**
     * The server a cell ran on: the one recorded, or for a cell recorded before servers were (or planned without one)
     * the variant's own, else Tomcat, the app's default.
     */
    static String server(String recorded, String variant) {
        return recorded == null || recorded.isEmpty() ? ownServer(variant).orElse("tomcat") : recorded;
    }

    /**
     * Each of {@code --variants} with each server it runs on: a servlet variant once per {@code --servers}, in that
     * order; {@code webflux} and {@code vertx} once, on their own server.
     */
    static List<String[]> deployments(Options o) {
        List<String[]> pairs = new ArrayList<>();
        for (String v : o.variants) {
            Optional<String> own = ownServer(v);
            if (own.isPresent()) {
                pairs.add(new String[] {v, own.get()});
            } else {
                for (String server : o.servers) {
                    pairs.add(new String[] {v, server});
                }
            }
        }
        return pairs;
    }

    /** The profiles that start this cell: the variant, the backend, and {@code jetty} when the server is Jetty. */
    String profiles() {
        return variant + "," + backend + (server.equals("jetty") ? ",jetty" : "");
    }

    /** Why the app refuses to start {@code variant} on {@code backend}, or empty when it runs it. */
    static Optional<String> refusal(String variant, String backend) {
        if (backend.equals("r2dbc") && !R2DBC_VARIANTS.contains(variant)) {
            return Optional.of(variant + " on r2dbc: skipped, the app refuses it (r2dbc serves "
                    + String.join(", ", R2DBC_VARIANTS) + "; pg serves " + variant + ")");
        }
        return Optional.empty();
    }

    /** The pairings of {@code --variants} and {@code --backends} that {@link #matrix} leaves out, each with why. */
    static List<String> skipped(Options o) {
        boolean backendsUsed = o.scenarios.stream().anyMatch(s -> s.equals("mixed") || s.equals("per-type")
                || s.equals("faults") && (o.faultCells.contains("kill") || o.faultCells.contains("freeze")));
        Set<String> notes = new LinkedHashSet<>();
        if (backendsUsed) {
            for (String v : o.variants) {
                for (String b : o.backends) {
                    refusal(v, b).ifPresent(notes::add);
                }
            }
        }
        return List.copyOf(notes);
    }

    /**
     * Scenario by scenario, and inside a scenario variant by variant, so that ratios compare neighbours; the
     * backends of a variant ({@code --backends}) one after the other, without the pairings the app refuses
     * ({@link #skipped}).
     */
    static List<CellPlan> matrix(Options o) {
        List<CellPlan> cells = new ArrayList<>();
        for (String scenario : o.scenarios) {
            switch (scenario) {
                case "slow-backend" -> {
                    List<Integer> latencies = new ArrayList<>();
                    if (o.latencyMs > 0) {
                        latencies.add(o.latencyMs);
                    }
                    if (o.baseline || o.latencyMs == 0) {
                        latencies.add(0);
                    }
                    for (int latency : latencies) {
                        for (int users : o.users) {
                            for (String[] d : deployments(o)) {
                                for (String config : o.configs) {
                                    cells.add(new CellPlan(scenario, d[0], "stub", Workload.GET_CIRCLE, users, latency, "", config, d[1]));
                                }
                            }
                        }
                    }
                }
                case "map" -> {
                    // every model at one point of the grid before the next point: a drift of the machine over the
                    // run then moves neighbours alike, and the ratios within a point stay fair
                    for (int latency : o.latencies) {
                        for (int clients : o.mapClients()) {
                            for (String[] d : deployments(o)) {
                                for (String config : o.configs) {
                                    cells.add(new CellPlan(scenario, d[0], "stub", Workload.GET_CIRCLE, clients, latency, "", config, d[1]));
                                }
                            }
                        }
                    }
                }
                case "crosscheck" -> {
                    for (String[] d : deployments(o)) {
                        cells.add(new CellPlan(scenario, d[0], "stub", Workload.GET_CIRCLE, o.users.get(0), o.latencyMs,
                                "", "shipped", d[1]));
                    }
                }
                case "mixed" -> cells.addAll(onDatabases(o, scenario, Workload.MIXED));
                case "per-type" -> {
                    for (Workload w : o.workloads) {
                        cells.addAll(onDatabases(o, scenario, w));
                    }
                }
                case "faults" -> {
                    for (String[] d : deployments(o)) {
                        for (String b : runnable(d[0], o.backends)) {
                            for (String fault : List.of("kill", "freeze")) {
                                if (o.faultCells.contains(fault)) {
                                    cells.add(new CellPlan(scenario, d[0], b, Workload.POST_CIRCLE, o.drillConnections, 0,
                                            fault, "shipped", d[1]));
                                }
                            }
                        }
                        if (o.faultCells.contains("overload")) {
                            cells.add(new CellPlan(scenario, d[0], "stub", Workload.POST_CIRCLE, o.overloadConnections,
                                    o.latencyMs, "overload", "shipped", d[1]));
                        }
                    }
                }
                default -> throw new IllegalArgumentException("unknown scenario " + scenario);
            }
        }
        return cells;
    }

    /**
     * The app's arguments that point it at this cell's backend: the database server the harness started for the cell
     * (the password its script generated is in the server's data directory, {@code h2Data} or {@code pgData}), or
     * the stub's latency. {@code r2dbc} reaches the same server, database, role and password as {@code pg}.
     */
    List<String> backendArguments(Options o, Path h2Data, Path pgData) {
        List<String> args = new ArrayList<>(switch (backend) {
            case "h2" -> List.of("--shapes.h2.host=127.0.0.1", "--shapes.h2.port=" + o.h2Port,
                    "--shapes.h2.secrets-dir=" + h2Data.resolve("secrets").toAbsolutePath() + "/");
            case "pg", "r2dbc" -> List.of("--shapes.pg.host=127.0.0.1", "--shapes.pg.port=" + o.pgPort,
                    "--shapes.pg.secrets-dir=" + pgData.resolve("secrets").toAbsolutePath() + "/");
            case "stub" -> List.of("--stub.latency=" + latencyMs + "ms");
            default -> List.<String>of();
        });
        args.addAll(tuning());
        args.addAll(poolArguments());
        return args;
    }

    /**
     * {@code workload} on each of {@code --backends}: each of {@code --connections}, each pool size of {@code --db-pools}
     * (the app's own pool without it), each variant and server.
     */
    private static List<CellPlan> onDatabases(Options o, String scenario, Workload workload) {
        List<CellPlan> cells = new ArrayList<>();
        for (int clients : o.connections) {
            for (int pool : o.dbPools.isEmpty() ? List.of(0) : o.dbPools) {
                for (String[] d : deployments(o)) {
                    for (String b : runnable(d[0], o.backends)) {
                        cells.add(new CellPlan(scenario, d[0], b, workload, clients, 0, "", "shipped", d[1], pool));
                    }
                }
            }
        }
        return cells;
    }

    /**
     * The arguments that size this cell's database pool: each driver's own setting, since only the one the cell runs
     * is read (Hikari under JDBC, r2dbc-pool under r2dbc, the Vert.x client's under vertx on pg); admission's bound
     * and the blocking pool's threads follow the pool in the app's own settings.
     */
    List<String> poolArguments() {
        return dbPool == 0 ? List.of() : List.of("--spring.datasource.hikari.maximum-pool-size=" + dbPool,
                "--shapes.r2dbc.pool.max-size=" + dbPool, "--shapes.vertx.pg.pool.max-size=" + dbPool);
    }

    /** The arguments that put the model at its best for this cell's clients ({@link Tuning}); none as shipped. */
    List<String> tuning() {
        return tuned() ? Tuning.appArguments(variant, connections, latencyMs) : List.of();
    }

    boolean tuned() {
        return config.equals("tuned");
    }

    private static List<String> runnable(String variant, List<String> backends) {
        return backends.stream().filter(b -> refusal(variant, b).isEmpty()).toList();
    }

    String id() {
        return String.format(Locale.ROOT, "%s-%s-%s-%s-c%d%s%s%s%s", scenario, variant, backend, fault.isEmpty() ? workload.id : fault,
                connections, backend.equals("stub") ? "-lat" + latencyMs : "", tuned() ? "-tuned" : "", onJetty() ? "-jetty" : "",
                dbPool > 0 ? "-pool" + dbPool : "");
    }

    String describe() {
        return String.format(Locale.ROOT, "%s · %s · %s · %s · %d connections%s%s%s%s", scenario, variant, backend,
                fault.isEmpty() ? workload.id : fault + " under " + workload.id, connections,
                backend.equals("stub") ? " · latency " + latencyMs + " ms" : "", tuned() ? " · tuned" : "",
                onJetty() ? " · on Jetty" : "", dbPool > 0 ? " · pool " + dbPool : "");
    }

    boolean onJetty() {
        return server.equals("jetty");
    }

    /** The app's heap: the faults scenario bounds it (--fault-heap), as the drills did. */
    String heap(Options o) {
        return fault.isEmpty() ? o.heap : o.faultHeap;
    }

    /** An upper bound: start, seeding, the whole warm-up bound, every window, stop. */
    long estimateSeconds(Options o) {
        switch (fault) {
            case "kill" -> {
                return 20 + FaultDrill.LOAD_BEFORE_SECONDS + FaultDrill.KILLED_SECONDS + 5 + FaultDrill.LOAD_AFTER_SECONDS + 30;
            }
            case "freeze" -> {
                return 20 + FaultDrill.LOAD_BEFORE_SECONDS + FaultDrill.FROZEN_SECONDS + FaultDrill.LOAD_AFTER_SECONDS + 30;
            }
            case "overload" -> {
                return 20 + o.overloadWarmup + FaultDrill.KNEE_SECONDS + 2L * FaultDrill.LEAD_IN_SECONDS
                        + FaultDrill.OVERLOAD_SECONDS + 40;
            }
            default -> { }
        }
        long gatling = scenario.equals("crosscheck") ? 2 * 15 + 5L * o.window : 0;
        long database = onPostgres() ? 15 : 0; // initdb and the cluster's start and stop
        return database + 20 + 10 + o.warmupMax + (long) o.window * (o.windows + o.openPercents.size() + o.openRates.size() + (o.jfr ? 1 : 0)) + gatling + 10;
    }
}
