package dev.shapeslab.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * One cell as the charts and the README's table read it from {@code results.csv}: a model (variant and
 * configuration) at one number of clients in one experiment ({@link Facet}), with its measured closed-loop windows
 * (pooled over repeats: a figure is their median) and its open-model windows, or, when nothing was measured, why
 * it failed. A run's report and the redraw of committed data both read rows, so they draw the same figures.
 */
record CellRows(Facet facet, String variant, String config, int clients, List<Results.WindowRow> measured,
                List<Results.WindowRow> open, String error, String server, String extras) {

    /** The cells of {@code rows}, in the models' order, tuned before shipped, then by clients. */
    static List<CellRows> of(List<Results.WindowRow> rows) {
        Map<List<Object>, List<Results.WindowRow>> cells = new LinkedHashMap<>();
        for (Results.WindowRow r : rows) {
            cells.computeIfAbsent(List.of(Facet.of(r), Facet.text(r.variant()), config(r), r.clients(), server(r),
                            ServerTables.extras(r.settings())),
                    k -> new ArrayList<>()).add(r);
        }
        List<CellRows> result = new ArrayList<>();
        cells.forEach((key, cellRows) -> {
            List<Results.WindowRow> measured = cellRows.stream().filter(CellRows::measured).toList();
            List<Results.WindowRow> open = cellRows.stream().filter(r -> "open".equals(r.kind())).toList();
            List<String> errors = cellRows.stream().filter(r -> "failed".equals(r.status())).map(Results.WindowRow::error)
                    .filter(Objects::nonNull).distinct().toList();
            if (!measured.isEmpty() || !errors.isEmpty() || cellRows.stream().anyMatch(r -> "failed".equals(r.status()))) {
                result.add(new CellRows((Facet) key.get(0), (String) key.get(1), (String) key.get(2), (Integer) key.get(3),
                        measured, open, measured.isEmpty() ? String.join("; ", errors) : null, (String) key.get(4),
                        (String) key.get(5)));
            }
        });
        result.sort(Comparator.comparing((CellRows c) -> ModelStyle.order(c.variant)).thenComparing(CellRows::variant)
                .thenComparing(c -> c.server.equals("jetty")).thenComparing(CellRows::extras)
                .thenComparing(c -> c.config.equals("shipped"))
                .thenComparingInt(CellRows::clients));
        return result;
    }

    /** A closed-loop measured window ({@code measure-N}): the figures of a cell. */
    static boolean measured(Results.WindowRow r) {
        return "ok".equals(r.status()) && "closed".equals(r.kind()) && Facet.text(r.window()).startsWith("measure-");
    }

    /** Rows written before servers were recorded ran on Tomcat, or on their variant's own server. */
    static String server(Results.WindowRow r) {
        return CellPlan.server(r.server(), Facet.text(r.variant()));
    }

    /** Rows written before configurations were recorded ran as shipped. */
    static String config(Results.WindowRow r) {
        return r.config() == null || r.config().isEmpty() ? "shipped" : r.config();
    }

    boolean failed() {
        return measured.isEmpty();
    }

    boolean shipped() {
        return config.equals("shipped");
    }

    /** 2xx answers a second; rows from before the column had it are computed from requests and errors. */
    double successes() {
        return median(CellRows::successes);
    }

    static Double successes(Results.WindowRow r) {
        if (r.successesPerSecond() != null) {
            return r.successesPerSecond();
        }
        if (r.reqPerSecond() == null || r.requests() == null || r.requests() == 0) {
            return null;
        }
        return r.reqPerSecond() * (r.requests() - (r.errors() == null ? 0 : r.errors())) / r.requests();
    }

    /** The app's CPU per success: every answer's CPU (503s included) over the answers that served a client. */
    Double appPerSuccess() {
        return median(r -> r.appMicrosPerSuccess() != null ? r.appMicrosPerSuccess() : perSuccess(r, r.appMicros()));
    }

    /** Another process's CPU per success, from its figure per request: × requests ÷ successes. */
    Double perSuccess(Function<Results.WindowRow, Double> perRequest) {
        return median(r -> perSuccess(r, perRequest.apply(r)));
    }

    static Double perSuccess(Results.WindowRow r, Double perRequest) {
        Double successes = successes(r);
        if (perRequest == null || r.reqPerSecond() == null || successes == null || successes <= 0) {
            return null;
        }
        return perRequest * r.reqPerSecond() / successes;
    }

    Double p99() {
        return median(Results.WindowRow::p99Ms);
    }

    /** Whether a measured window answered anything but 2xx/3xx: an error can come fast and keep a p99 low. */
    boolean answeredErrors() {
        return measured.stream().anyMatch(r -> r.errors() != null && r.errors() > 0);
    }

    /** The median of a figure over the measured windows, null when no window has it. */
    Double median(Function<Results.WindowRow, Double> figure) {
        return median(measured.stream().map(figure).toList());
    }

    /** The median of the figures that are there, null when none is. */
    static Double median(List<Double> figures) {
        List<Double> values = figures.stream().filter(Objects::nonNull).sorted().toList();
        int n = values.size();
        if (n == 0) {
            return null;
        }
        return n % 2 == 1 ? values.get(n / 2) : (values.get(n / 2 - 1) + values.get(n / 2)) / 2;
    }

    /** The window whose successes are the median's (for the latencies, which are not averaged across windows). */
    Results.WindowRow middle() {
        List<Results.WindowRow> sorted = measured.stream()
                .sorted(Comparator.comparing(r -> Objects.requireNonNullElse(successes(r), 0.0))).toList();
        return sorted.get(sorted.size() / 2);
    }

    /**
     * "async", or "async as shipped" and "async at its best" when both configurations share a chart; a servlet
     * variant on Jetty says so ("async on Jetty"), Tomcat being the app's default, and a server setting the cell ran
     * with is named ("async (socket.appReadBufSize=2048)").
     */
    String label(boolean bothConfigs) {
        String model = (server.equals("jetty") ? variant + " on Jetty" : variant)
                + (extras.equals("–") ? "" : " (" + extras.replace("`", "") + ")");
        return bothConfigs ? model + (shipped() ? " as shipped" : " at its best") : model;
    }

    /** Why the cell failed, short enough to stand beside its mark on a chart. */
    String reason() {
        return shortReason(error);
    }

    static String shortReason(String error) {
        if (error == null || error.isBlank()) {
            return "no reason recorded";
        }
        if (error.contains("OutOfMemoryError") || error.contains("out of memory")) {
            return "out of memory";
        }
        // the log to see and the window's name help the one who reads the run, not a chart's reader
        String reason = error.replaceAll("\\s*\\(see [^)]*\\)", "").replaceFirst("^window \\S+: ", "")
                .replaceAll("\\s+", " ").strip();
        return reason.length() <= 48 ? reason : reason.substring(0, 47).strip() + "…";
    }
}
