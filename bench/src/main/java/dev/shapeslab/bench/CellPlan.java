package dev.shapeslab.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One cell of the matrix: a variant on a backend under one workload at one concurrency; for the
 * {@code faults} scenario also the fault ({@code kill}, {@code freeze}, {@code overload}; empty otherwise).
 */
record CellPlan(String scenario, String variant, String backend, Workload workload, int connections, int latencyMs,
                String fault) {

    CellPlan(String scenario, String variant, String backend, Workload workload, int connections, int latencyMs) {
        this(scenario, variant, backend, workload, connections, latencyMs, "");
    }

    /**
     * Scenario by scenario, and inside a scenario variant by variant, so that ratios compare neighbours; the
     * backends of a variant ({@code --backends}) one after the other.
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
                            for (String v : o.variants) {
                                cells.add(new CellPlan(scenario, v, "stub", Workload.GET_CIRCLE, users, latency));
                            }
                        }
                    }
                }
                case "crosscheck" -> {
                    for (String v : o.variants) {
                        cells.add(new CellPlan(scenario, v, "stub", Workload.GET_CIRCLE, o.users.get(0), o.latencyMs));
                    }
                }
                case "mixed" -> {
                    for (String v : o.variants) {
                        for (String b : o.backends) {
                            cells.add(new CellPlan(scenario, v, b, Workload.MIXED, o.connections, 0));
                        }
                    }
                }
                case "per-type" -> {
                    for (Workload w : o.workloads) {
                        for (String v : o.variants) {
                            for (String b : o.backends) {
                                cells.add(new CellPlan(scenario, v, b, w, o.connections, 0));
                            }
                        }
                    }
                }
                case "faults" -> {
                    for (String v : o.variants) {
                        for (String b : o.backends) {
                            for (String fault : List.of("kill", "freeze")) {
                                if (o.faultCells.contains(fault)) {
                                    cells.add(new CellPlan(scenario, v, b, Workload.POST_CIRCLE, o.drillConnections, 0, fault));
                                }
                            }
                        }
                        if (o.faultCells.contains("overload")) {
                            cells.add(new CellPlan(scenario, v, "stub", Workload.POST_CIRCLE, o.overloadConnections,
                                    o.latencyMs, "overload"));
                        }
                    }
                }
                default -> throw new IllegalArgumentException("unknown scenario " + scenario);
            }
        }
        return cells;
    }

    String id() {
        return String.format(Locale.ROOT, "%s-%s-%s-%s-c%d%s", scenario, variant, backend, fault.isEmpty() ? workload.id : fault,
                connections, backend.equals("stub") ? "-lat" + latencyMs : "");
    }

    String describe() {
        return String.format(Locale.ROOT, "%s · %s · %s · %s · %d connections%s", scenario, variant, backend,
                fault.isEmpty() ? workload.id : fault + " under " + workload.id, connections,
                backend.equals("stub") ? " · latency " + latencyMs + " ms" : "");
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
        long database = backend.equals("pg") ? 15 : 0; // initdb and the cluster's start and stop
        return database + 20 + 10 + o.warmupMax + (long) o.window * (o.windows + o.openPercents.size() + o.openRates.size() + (o.jfr ? 1 : 0)) + gatling + 10;
    }
}
