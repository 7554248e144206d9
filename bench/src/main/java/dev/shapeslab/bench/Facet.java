package dev.shapeslab.bench;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One experiment of a scenario: what every cell of a chart shares (backend and its latency, workload, heap, a delayed
 * database, the database pool's size), so that a chart compares models and clients only, and its title can say what
 * was measured.
 */
record Facet(String scenario, String backend, String workload, int latencyMs, String heap, Integer dbDelayMs,
             Integer dbPool) {

    static Facet of(Results.WindowRow r) {
        return new Facet(text(r.scenario()), text(r.backend()), text(r.workload()), r.latencyMs(), text(r.heapMax()),
                r.dbDelayMs(), r.dbPool() != null ? r.dbPool() : poolSet(text(r.settings())));
    }

    /** The same experiment on another backend: the chart of models on several drivers of one database. */
    Facet withBackend(String other) {
        return new Facet(scenario, other, workload, latencyMs, heap, dbDelayMs, dbPool);
    }

    private static final Pattern POOL_SET = Pattern.compile("(?:maximum-pool-size|pool\\.max-size)=(\\d+)");

    /** The pool a row's settings asked for: a failed cell exported none, and belongs beside the others of its size. */
    private static Integer poolSet(String settings) {
        Matcher set = POOL_SET.matcher(settings);
        return set.find() ? Integer.valueOf(set.group(1)) : null;
    }

    /** An empty column may read back as null or as "". */
    static String text(String value) {
        return value == null ? "" : value;
    }

    /** "stub, 100 ms latency · GET a circle by id · 2 GB heap" */
    String describe() {
        List<String> parts = new ArrayList<>();
        parts.add(backendText() + (dbDelayMs == null || dbDelayMs == 0 ? "" : ", " + dbDelayMs + " ms a database round trip")
                + (dbPool == null ? "" : ", " + dbPool + " connections"));
        parts.add(workloadText(workload));
        if (!heap.isEmpty()) {
            parts.add(heapText(heap) + " heap");
        }
        return String.join(" · ", parts);
    }

    private String backendText() {
        return switch (backend) {
            case "stub" -> latencyMs == 0 ? "stub, no latency" : String.format(Locale.ROOT, "stub, %,d ms latency", latencyMs);
            case "h2" -> "H2 TCP server";
            case "pg" -> "PostgreSQL (JDBC)";
            case "r2dbc" -> "PostgreSQL (R2DBC)";
            default -> backend;
        };
    }

    static String workloadText(String workload) {
        return switch (workload) {
            case "get-circle" -> "GET a circle by id";
            case "post-circle" -> "POST a circle";
            case "get-drawings" -> "GET a page of drawings";
            case "post-drawing" -> "POST a drawing";
            case "mixed" -> "the series' mixed workload";
            default -> workload;
        };
    }

    /** "2g" -> "2 GB", "512m" -> "512 MB" (the JVM's -Xmx units are binary, as GB and MB are read here). */
    static String heapText(String heap) {
        String h = heap.toLowerCase(Locale.ROOT);
        if (h.endsWith("g")) {
            return h.substring(0, h.length() - 1) + " GB";
        }
        if (h.endsWith("m")) {
            return h.substring(0, h.length() - 1) + " MB";
        }
        return heap;
    }

    /**
     * What tells {@code facet} apart from the other experiments of its scenario, for its charts' file names
     * ("lat100", "pg-mixed"); empty when the scenario has one experiment.
     */
    static String detail(Facet facet, Collection<Facet> all) {
        List<String> parts = new ArrayList<>();
        add(parts, facet, all, Facet::backend, Function.identity());
        add(parts, facet, all, Facet::workload, Function.identity());
        add(parts, facet, all, Facet::latencyMs, v -> "lat" + v);
        add(parts, facet, all, Facet::heap, v -> "heap" + v);
        add(parts, facet, all, Facet::dbDelayMs, v -> "delay" + v);
        add(parts, facet, all, Facet::dbPool, v -> "pool" + v);
        return String.join("-", parts);
    }

    private static <T> void add(List<String> parts, Facet facet, Collection<Facet> all, Function<Facet, T> key,
                                Function<T, String> text) {
        if (all.stream().map(key).distinct().count() > 1) {
            parts.add(text.apply(key.apply(facet)));
        }
    }
}
