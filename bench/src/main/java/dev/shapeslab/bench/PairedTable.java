package dev.shapeslab.bench;

import java.util.List;
import java.util.Locale;

/**
 * results.md's table of {@link PairedWindows}, from {@code docs/data/slow-database-paired.csv}, written by
 * {@link Redraw} between its markers.
 */
final class PairedTable {

    static final String START = "<!-- paired-table:start -->";
    static final String END = "<!-- paired-table:end -->";

    private PairedTable() {
    }

    /**
     * results.md's table: a row per model, each run's mean successes a second at the cell's clients and at the paired
     * ones, each run's ratio, the runs pooled, the lowest and highest pair, the app's CPU per success at both.
     */
    static String markdown(List<Results.WindowRow> rows) {
        StringBuilder md = new StringBuilder();
        for (List<PairedWindows.Model> models : PairedWindows.byExperiment(PairedWindows.of(rows)).values()) {
            PairedWindows.Model first = models.get(0);
            String at = String.format(Locale.ROOT, "%,d clients", first.clients());
            String paired = String.format(Locale.ROOT, "%,d clients", first.pairedClients());
            md.append("| variant | driver | server | successes/s at ").append(at).append(", run by run | at ")
                    .append(count(first.pairedClients())).append(" | × run by run | × pooled | × pair by pair | non-2xx/s at ")
                    .append(count(first.pairedClients())).append(" | app µs/success, ").append(count(first.clients())).append(" → ")
                    .append(count(first.pairedClients())).append(" | app µs per non-2xx | database, proxy, generator µs/success at ")
                    .append(count(first.pairedClients())).append(" | code |\n|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|\n");
            for (PairedWindows.Model m : models) {
                md.append("| `").append(m.variant()).append("` | ").append(m.driver()).append(" | ")
                        .append(ServerTables.serverName(m.server())).append(" | ")
                        .append(join(m.runs().stream().map(r -> count(PairedWindows.mean(r.atSuccesses()))).toList())).append(" | ")
                        .append(join(m.runs().stream().map(r -> count(PairedWindows.mean(r.pairedSuccesses()))).toList())).append(" | ")
                        .append(join(m.runs().stream().map(r -> ratio(r.ratio(), 3)).toList())).append(" | **")
                        .append(ratio(m.pooled(), 3)).append("** | ");
                List<Double> pairs = m.runs().stream().flatMap(r -> r.pairRatios().stream()).sorted().toList();
                md.append(ratio(pairs.get(0), 2)).append("–").append(ratio(pairs.get(pairs.size() - 1), 2)).append(" | ")
                        .append(micros(m.pairedRefusals())).append(" | ")
                        .append(micros(m.appPerSuccess(false))).append(" → ")
                        .append(micros(m.appPerSuccess(true))).append(" | ")
                        .append(micros(m.appPerRefusal())).append(" | ")
                        .append(micros(m.pairedPerSuccess(Results.WindowRow::dbMicros))).append(", ")
                        .append(micros(m.pairedPerSuccess(Results.WindowRow::proxyMicros))).append(", ")
                        .append(micros(m.pairedPerSuccess(Results.WindowRow::generatorMicros))).append(" | ")
                        .append(m.runs().stream().map(r -> "`" + (r.commit().length() > 7 ? r.commit().substring(0, 7) : r.commit()) + "`")
                                .distinct().reduce((a, b) -> a + ", " + b).orElse("–"))
                        .append(" |\n");
            }
            md.append("\n*Run by run*: the mean of each run's windows (a window at ").append(at).append(" and, seconds later on the ")
                    .append("same JVM, one at ").append(paired).append(", a pair); *×*: the mean at ").append(paired)
                    .append(" ÷ the mean at ").append(at).append("; *pooled*: every run's windows together; *pair by pair*: ")
                    .append("the lowest and highest window's ratio; *non-2xx*: every "
                            + "answer but 2xx (here admission's 503s); µs of CPU per success (the non-2xx answers' included), the "
                            + "median over the windows; *app µs per non-2xx*: the app's CPU a second at ")
                    .append(paired).append(" less its successes at the cost each had in the window before, over the non-2xx ")
                    .append("answers, the median over the pairs. From ")
                    .append("`docs/data/slow-database-paired.csv`, written by `bench/redraw.sh`.\n");
        }
        return md.toString();
    }

    private static String join(List<String> values) {
        return String.join("; ", values);
    }

    private static String count(double v) {
        return String.format(Locale.ROOT, "%,.0f", v);
    }

    /** A figure in µs or a second, whole: the windows' spread is wider than a fraction. */
    private static String micros(Double v) {
        return v == null ? "–" : count(v);
    }

    private static String ratio(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }
}
