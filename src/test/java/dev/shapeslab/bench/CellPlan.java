package dev.shapeslab.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** One cell of the matrix: a variant on a backend under one workload at one concurrency. */
record CellPlan(String scenario, String variant, String backend, Workload workload, int connections, int latencyMs) {

    /** Scenario by scenario, and inside a scenario variant by variant, so that ratios compare neighbours. */
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
                        cells.add(new CellPlan(scenario, v, "h2", Workload.MIXED, o.connections, 0));
                    }
                }
                case "per-type" -> {
                    for (Workload w : o.workloads) {
                        for (String v : o.variants) {
                            cells.add(new CellPlan(scenario, v, "h2", w, o.connections, 0));
                        }
                    }
                }
                default -> throw new IllegalArgumentException("unknown scenario " + scenario);
            }
        }
        return cells;
    }

    String id() {
        return String.format(Locale.ROOT, "%s-%s-%s-%s-c%d%s", scenario, variant, backend, workload.id, connections,
                backend.equals("stub") ? "-lat" + latencyMs : "");
    }

    String describe() {
        return String.format(Locale.ROOT, "%s · %s · %s · %s · %d connections%s", scenario, variant, backend, workload.id,
                connections, backend.equals("stub") ? " · latency " + latencyMs + " ms" : "");
    }

    /** An upper bound: start, seeding, the whole warm-up bound, every window, stop. */
    long estimateSeconds(Options o) {
        long gatling = scenario.equals("crosscheck") ? 2 * 15 + 5L * o.window : 0;
        return 20 + 10 + o.warmupMax + (long) o.window * (o.windows + o.openPercents.size() + o.openRates.size() + (o.jfr ? 1 : 0)) + gatling + 10;
    }
}
