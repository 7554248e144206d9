package dev.shapeslab.bench;

import java.awt.BasicStroke;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;

/**
 * The map of when a model pays ({@code --scenarios map}: stub latency × clients, every model at each point): which
 * model wins each cell ({@link WinnerGrid}), each model's successes as a ratio of plain at its best, and its CPU per
 * success, a panel per latency with the clients across.
 */
final class MapCharts {

    private static final String SCENARIO = "map";
    private static final int PANEL_HEIGHT = 210;

    private MapCharts() {
    }

    static List<Charts.Chart> write(Path dir, Charts.Names names, List<Results.WindowRow> rows) throws IOException {
        List<CellRows> cells = CellRows.of(rows.stream().filter(r -> SCENARIO.equals(r.scenario())).toList());
        List<Charts.Chart> charts = new ArrayList<>();
        if (cells.isEmpty()) {
            return charts;
        }
        // at its best first: the map's answer; as shipped beside it when the run measured both
        List<String> configs = cells.stream().map(CellRows::config).distinct()
                .sorted(Comparator.comparing((String c) -> c.equals("shipped"))).toList();
        for (String config : configs) {
            List<CellRows> own = cells.stream().filter(c -> c.config().equals(config)).toList();
            charts.add(Charts.save(dir, names.file("winners", SCENARIO, configs.size() > 1 ? config : ""), winners(own),
                    SCENARIO, Charts.WIDTH, 120 + 95 * latencies(own).size()));
        }
        int height = 170 + PANEL_HEIGHT * latencies(cells).size();
        charts.add(Charts.save(dir, names.file("ratio", SCENARIO, ""), ratio(cells), SCENARIO, Charts.WIDTH, height));
        charts.add(Charts.save(dir, names.file("cpu", SCENARIO, ""), cpu(cells), SCENARIO, Charts.WIDTH, height));
        return charts;
    }

    /** The grid: latency down, clients across, each cell its winner's colour (one configuration's cells). */
    static JFreeChart winners(List<CellRows> cells) {
        List<Integer> latencies = latencies(cells);
        List<Integer> clients = new ArrayList<>(new TreeSet<>(cells.stream().map(CellRows::clients).toList()));
        SymbolAxis x = new SymbolAxis("clients (closed loop)", clients.stream()
                .map(n -> String.format(Locale.ROOT, "%,d", n)).toArray(String[]::new));
        SymbolAxis y = new SymbolAxis("stub latency", latencies.stream()
                .map(ms -> String.format(Locale.ROOT, "%,d ms", ms)).toArray(String[]::new));
        x.setGridBandsVisible(false);
        y.setGridBandsVisible(false);
        x.setRange(-0.5, clients.size() - 0.5);
        y.setRange(-0.5, latencies.size() - 0.5);
        y.setInverted(true); // 0 ms at the top, as a table is read
        XYPlot plot = new XYPlot(null, x, y, null);
        plot.setDomainGridlinesVisible(false);
        plot.setRangeGridlinesVisible(false);
        LegendItemCollection legend = new LegendItemCollection();
        List<String> seen = new ArrayList<>();
        boolean ties = false;
        boolean failed = false;
        for (int j = 0; j < latencies.size(); j++) {
            for (int i = 0; i < clients.size(); i++) {
                int latency = latencies.get(j);
                int n = clients.get(i);
                WinnerGrid.Verdict v = WinnerGrid.Verdict.of(latency, n, cells.stream()
                        .filter(c -> c.facet().latencyMs() == latency && c.clients() == n).toList());
                plot.addAnnotation(new WinnerGrid.Cell(i, j, v));
                v.top().forEach(c -> seen.add(c.variant()));
                ties |= v.tie();
                failed |= v.allFailed();
            }
        }
        ModelStyle.MODELS.stream().filter(m -> seen.contains(m.model()))
                .forEach(m -> legend.add(new LegendItem(m.model(), m.colour())));
        if (ties) {
            legend.add(new LegendItem("stripes: a tie, within 5 %", ModelStyle.everyColour()));
        }
        if (failed) {
            legend.add(FailedMark.legendItem());
        }
        plot.setFixedLegendItems(legend);
        return Charts.finish("Which model serves the most successful requests/s" + configText(cells) + " · "
                + experiment(cells), plot);
    }

    /** Each model's successes ÷ plain's at its best in the same cell, a panel per latency, the 1× line drawn. */
    static JFreeChart ratio(List<CellRows> cells) {
        Function<CellRows, Double> ratio = c -> {
            CellRows plain = plainAtItsBest(cells, c);
            return plain == null ? null : c.successes() / plain.successes();
        };
        List<Double> values = values(cells, ratio);
        LogTicksFactory axis = label -> LogTicks.steps(label, Math.min(0.9, min(values)), Math.max(1.1, max(values)));
        CombinedDomainXYPlot plot = panels(cells, ratio, axis, "× plain");
        plot.getSubplots().forEach(p -> p.addRangeMarker(new ValueMarker(1, ModelStyle.GREY, new BasicStroke(1.5f))));
        return Charts.finish("Each model's successful requests/s as a ratio of plain's in the same cell, per latency (log scales)"
                + configText(cells) + " · " + experiment(cells), legend(plot));
    }

    /** The app's CPU per success, a panel per latency (log axis, the same range in every panel). */
    static JFreeChart cpu(List<CellRows> cells) {
        List<Double> values = values(cells, CellRows::appPerSuccess);
        CombinedDomainXYPlot plot = panels(cells, CellRows::appPerSuccess,
                label -> LogTicks.steps(label, min(values), max(values)), "app µs/success");
        return Charts.finish("The app's CPU per successful request, per latency (log scales)" + configText(cells) + " · "
                + experiment(cells), legend(plot));
    }

    /** How a panel's y axis is made, the same range in every panel so that they compare. */
    private interface LogTicksFactory {
        LogTicks axis(String label);
    }

    private static CombinedDomainXYPlot panels(List<CellRows> cells, Function<CellRows, Double> y, LogTicksFactory axis,
                                               String what) {
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(LogTicks.clients(cells.stream().map(CellRows::clients).toList()));
        plot.setGap(12);
        for (int latency : latencies(cells)) {
            List<CellRows> own = cells.stream().filter(c -> c.facet().latencyMs() == latency).toList();
            XYPlot panel = ClientCharts.lines(own, y, axis.axis(String.format(Locale.ROOT, "%s (at %,d ms)", what, latency)));
            panel.setDomainGridlinePaint(java.awt.Color.LIGHT_GRAY);
            panel.setRangeGridlinePaint(java.awt.Color.LIGHT_GRAY);
            plot.add(panel);
        }
        return plot;
    }

    /** One legend for the panels: each model once (a combined plot repeats each panel's), and the failed mark. */
    private static CombinedDomainXYPlot legend(CombinedDomainXYPlot plot) {
        Map<String, LegendItem> items = new LinkedHashMap<>();
        boolean failed = false;
        for (XYPlot panel : plot.getSubplots()) {
            LegendItemCollection own = panel.getLegendItems();
            for (int i = 0; i < own.getItemCount(); i++) {
                items.putIfAbsent(own.get(i).getLabel(), own.get(i));
            }
            failed |= panel.getAnnotations().stream().anyMatch(a -> a instanceof FailedMark.OnXY);
        }
        LegendItemCollection legend = new LegendItemCollection();
        items.values().forEach(legend::add);
        if (failed) {
            legend.add(FailedMark.legendItem());
        }
        plot.setFixedLegendItems(legend);
        return plot;
    }

    /** Plain in the cell of {@code c}: tuned when it ran tuned, else as shipped; null when it failed or is missing. */
    static CellRows plainAtItsBest(List<CellRows> cells, CellRows c) {
        return cells.stream().filter(o -> o.variant().equals("plain") && o.clients() == c.clients()
                        && o.facet().latencyMs() == c.facet().latencyMs())
                .min((a, b) -> Boolean.compare(a.shipped(), b.shipped()))
                .filter(p -> !p.failed() && p.successes() > 0).orElse(null);
    }

    private static List<Integer> latencies(List<CellRows> cells) {
        return new ArrayList<>(new TreeSet<>(cells.stream().map(c -> c.facet().latencyMs()).toList()));
    }

    private static List<Double> values(List<CellRows> cells, Function<CellRows, Double> y) {
        return cells.stream().filter(c -> !c.failed()).map(y).filter(v -> v != null && v > 0).toList();
    }

    private static double min(List<Double> values) {
        return values.stream().mapToDouble(v -> v).min().orElse(1);
    }

    private static double max(List<Double> values) {
        return values.stream().mapToDouble(v -> v).max().orElse(10);
    }

    private static String configText(List<CellRows> cells) {
        List<String> configs = cells.stream().map(CellRows::config).distinct().toList();
        return configs.size() > 1 ? "" : configs.contains("tuned") ? ", each at its best" : ", as shipped";
    }

    /** "stub · GET a circle by id · 2 GB heap": the facet without its latency, which the map varies. */
    private static String experiment(List<CellRows> cells) {
        Facet f = cells.get(0).facet();
        String heap = f.heap().isEmpty() ? "" : " · " + Facet.heapText(f.heap()) + " heap";
        return f.backend() + " · " + Facet.workloadText(f.workload()) + heap;
    }
}
