package dev.shapeslab.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The README's answer, a table drawn from committed data: per model, at 1,000 clients × 100 ms and at 10,000
 * clients × 1 s, its successes as shipped ({@code docs/data/fair-answer.csv}) and at its best (the map's tuned
 * cells, {@code docs/data/map.csv}), its ratio to plain at its best, and what its best cost: the app's CPU per
 * success, its peak RSS and its threads. It replaces what stands between {@link #START} and {@link #END}, so the
 * prose around it stays the author's and the figures stay the data's.
 */
final class AnswerTable {

    static final String START = "<!-- fair-answer:start -->";
    static final String END = "<!-- fair-answer:end -->";

    /** The two cells of the answer. */
    record At(int clients, int latencyMs, String heading) {
    }

    static final List<At> CELLS = List.of(new At(1000, 100, "1,000 clients × 100 ms"),
            new At(10000, 1000, "10,000 clients × 1 s"));

    private AnswerTable() {
    }

    static String markdown(List<Results.WindowRow> map, List<Results.WindowRow> fair) {
        List<CellRows> best = CellRows.of(map.stream().filter(r -> "map".equals(r.scenario()) && "tuned".equals(CellRows.config(r)))
                .toList());
        List<CellRows> shipped = CellRows.of(fair.stream().filter(r -> "shipped".equals(CellRows.config(r))).toList());
        Set<String> models = new LinkedHashSet<>();
        ModelStyle.MODELS.forEach(m -> models.add(m.model()));
        best.forEach(c -> models.add(c.variant()));
        shipped.forEach(c -> models.add(c.variant()));
        StringBuilder md = new StringBuilder();
        for (At at : CELLS) {
            // one table per cell: a reader compares the models down a column
            md.append("**").append(at.heading).append("**\n\n| model | successes/s as shipped | at its best | × plain at its best "
                    + "| app µs per success | peak RSS MiB | threads |\n|---|--:|--:|--:|--:|--:|--:|\n");
            for (String model : models) {
                CellRows asShipped = find(shipped, model, at);
                CellRows atBest = find(best, model, at);
                if (asShipped == null && atBest == null) {
                    continue;
                }
                CellRows plain = find(best, "plain", at);
                boolean measured = atBest != null && !atBest.failed();
                md.append("| `").append(model).append("` | ").append(successes(asShipped)).append(" | ").append(successes(atBest));
                md.append(" | ").append(measured && plain != null && !plain.failed() && plain.successes() > 0
                        ? WinnerGrid.times(atBest.successes() / plain.successes()) : "–");
                md.append(" | ").append(measured ? figure(atBest.appPerSuccess()) : "–");
                md.append(" | ").append(measured ? count(atBest.median(AnswerTable::rss)) : "–");
                md.append(" | ").append(measured ? count(atBest.median(AnswerTable::threads)) : "–");
                md.append(" |\n");
            }
            md.append("\n");
        }
        md.append("*Successes/s*: 2xx answers a second, the median of the measured windows. *× plain*, CPU, RSS and threads: "
                + "each model at its best (the map's tuned cells, `docs/data/map.csv`); as shipped: `docs/data/fair-answer.csv`. "
                + "Written by `bench/redraw.sh`; edit the data, not the table.\n");
        return md.toString();
    }

    /** The peak RSS of the cell's app, else its RSS after the window. */
    static Double rss(Results.WindowRow r) {
        return r.peakRssMib() != null ? r.peakRssMib() : r.rssMib();
    }

    private static Double threads(Results.WindowRow r) {
        return r.appThreads() == null ? null : r.appThreads().doubleValue();
    }

    private static CellRows find(List<CellRows> cells, String model, At at) {
        return cells.stream().filter(c -> c.variant().equals(model) && c.clients() == at.clients
                && c.facet().latencyMs() == at.latencyMs).findFirst().orElse(null);
    }

    private static String successes(CellRows c) {
        if (c == null) {
            return "–";
        }
        return c.failed() ? "failed: " + c.reason() : figure(c.successes());
    }

    /** 9,652 · 42.5 · 0.87: three significant digits at least, thousands separated. */
    static String figure(Double v) {
        if (v == null) {
            return "–";
        }
        return String.format(Locale.ROOT, v >= 100 ? "%,.0f" : v >= 10 ? "%.1f" : "%.2f", v);
    }

    private static String count(Double v) {
        return v == null ? "–" : String.format(Locale.ROOT, "%,.0f", v);
    }

    /**
     * Puts {@code table} between the markers of {@code file}; a file without both markers, in order, is left as it
     * is. True when the file changed.
     */
    static boolean replace(Path file, String table) throws IOException {
        return replace(file, START, END, table);
    }

    /** Puts {@code table} between the markers {@code startMarker} and {@code endMarker} of {@code file}, as above. */
    static boolean replace(Path file, String startMarker, String endMarker, String table) throws IOException {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        String text = Files.readString(file, StandardCharsets.UTF_8);
        int start = text.indexOf(startMarker);
        int end = text.indexOf(endMarker);
        if (start < 0 || end < start) {
            return false;
        }
        String updated = text.substring(0, start + startMarker.length()) + "\n" + table + text.substring(end);
        if (updated.equals(text)) {
            return false;
        }
        Files.writeString(file, updated, StandardCharsets.UTF_8);
        return true;
    }
}
