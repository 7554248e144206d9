package dev.shapeslab.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The latency spectra of a run's cells, from the generators' own output: every percentile they gave (p75, p90 and
 * p99.99 too, which {@code results.csv} does not keep), for the cell a chart's {@link CellRows} stands for.
 */
final class RunSpectra {

    private RunSpectra() {
    }

    /** The median measured window and each open window of every repeat of {@code cell}. */
    static List<SpectrumChart.Line> lines(Report.Run run, CellRows cell) {
        List<Report.Cell> matching = run.cells.stream().filter(c -> c.error == null && !c.measured.isEmpty() && same(c, cell))
                .toList();
        List<SpectrumChart.Line> lines = new ArrayList<>();
        for (Report.Cell c : matching) {
            String repeat = matching.size() > 1 ? " · run " + c.get("repeat") : "";
            Window mid = c.measured.get(c.measured.size() / 2);
            lines.add(new SpectrumChart.Line(cell, "closed (" + mid.load().generator() + ")" + repeat, false,
                    percentiles(mid.load())));
            for (Window open : c.open) {
                lines.add(new SpectrumChart.Line(cell, String.format(Locale.ROOT, "open %,.0f req/s", open.load().throughput())
                        + repeat, true, percentiles(open.load())));
            }
        }
        return lines;
    }

    private static boolean same(Report.Cell c, CellRows cell) {
        Facet f = cell.facet();
        String config = c.get("config").isEmpty() ? "shipped" : c.get("config");
        return Results.server(c).equals(cell.server()) && c.get("scenario").equals(f.scenario()) && c.get("variant").equals(cell.variant())
                && c.get("backend").equals(f.backend()) && c.get("workload").equals(f.workload())
                && c.intValue("connections") == cell.clients() && c.intValue("latency_ms") == f.latencyMs()
                && config.equals(cell.config());
    }

    /** "p99.9" -> 99.9; the maximum ("p100", "max") has no place on the nines' axis. */
    private static Map<Double, Double> percentiles(GeneratorOutput load) {
        Map<Double, Double> ms = new TreeMap<>();
        load.latencyMicros().forEach((key, us) -> {
            if (key.matches("p\\d+(\\.\\d+)?") && us != null && Double.parseDouble(key.substring(1)) < 100) {
                ms.put(Double.parseDouble(key.substring(1)), us / 1e3);
            }
        });
        return ms;
    }
}
