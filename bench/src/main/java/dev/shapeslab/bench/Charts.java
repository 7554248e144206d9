package dev.shapeslab.bench;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;

/**
 * The charts of a run (PNG files beside {@code summary.md}) and of a committed data set ({@link Redraw}), drawn with
 * JFreeChart from the rows of {@code results.csv}, so both draw the same thing the same way. Per experiment of a
 * scenario ({@link Facet}): successes per second, p99 and CPU per success against the clients when they vary
 * ({@link ClientCharts}), else a bar per model ({@link CellBars}); the latency spectrum; for the {@code map}
 * scenario its grid of winners and its panels ({@link MapCharts}); per drill of the faults scenario its answers per
 * second ({@link FaultChart}); with {@code --paired}, each model's successes at the paired clients × at the cell's
 * ({@link PairedWindows}). Every chart uses one visual language: a model's colour and marker
 * ({@link ModelStyle}), a title that says what was measured, a red X for a failed cell ({@link FailedMark}).
 */
final class Charts {

    static final int WIDTH = 900;
    static final int HEIGHT = 500;

    static {
        // drawn without a display, whoever starts the harness (compare.sh also says so on the command line)
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    /** One chart file and what it shows, for {@code index.html}. */
    record Chart(String file, String title, String scenario) {
    }

    /** How chart files are named: a run's "chart-throughput-mixed.png", a data set's "map-winners.png". */
    record Names(String prefix, boolean withScenario) {
        String file(String kind, String scenario, String detail) {
            return prefix + kind + (withScenario ? "-" + scenario : "") + (detail.isEmpty() ? "" : "-" + detail) + ".png";
        }
    }

    private Charts() {
    }

    /** The charts of a run, scenario by scenario; the spectra carry every percentile the generators gave. */
    static List<Chart> write(Path dir, Report.Run run) throws IOException {
        List<Results.WindowRow> rows = Results.windowRows(run);
        Set<String> scenarios = new LinkedHashSet<>();
        run.cells.forEach(c -> scenarios.add(c.get("scenario")));
        List<Chart> charts = new ArrayList<>();
        Names names = new Names("chart-", true);
        for (String scenario : scenarios) {
            if (scenario.equals("faults")) {
                for (Report.Cell c : run.cells) {
                    if (c.get("scenario").equals(scenario) && c.error == null && c.drill != null) {
                        charts.add(save(dir, "chart-faults-" + c.dir.getFileName() + ".png", FaultChart.timeline(c), scenario));
                    }
                }
                continue;
            }
            List<Results.WindowRow> own = rows.stream().filter(r -> scenario.equals(r.scenario())).toList();
            charts.addAll(draw(dir, names, scenario, own, cell -> RunSpectra.lines(run, cell)));
        }
        return charts;
    }

    /** The charts of one scenario's rows into {@code dir}. */
    static List<Chart> draw(Path dir, Names names, String scenario, List<Results.WindowRow> rows,
                            Function<CellRows, List<SpectrumChart.Line>> spectra) throws IOException {
        if (scenario.equals("map")) {
            return MapCharts.write(dir, names, rows);
        }
        List<Chart> charts = new ArrayList<>();
        Map<Facet, List<CellRows>> facets = new LinkedHashMap<>();
        CellRows.of(rows).forEach(c -> facets.computeIfAbsent(c.facet(), k -> new ArrayList<>()).add(c));
        for (Map.Entry<Facet, List<CellRows>> e : facets.entrySet()) {
            String detail = Facet.detail(e.getKey(), facets.keySet());
            List<CellRows> cells = e.getValue();
            boolean sweep = ClientCharts.sweeps(cells);
            charts.add(save(dir, names.file("throughput", scenario, detail),
                    sweep ? ClientCharts.throughput(cells) : CellBars.throughput(cells), scenario));
            if (sweep) {
                charts.add(save(dir, names.file("p99", scenario, detail), ClientCharts.p99(cells), scenario));
                if (ClientCharts.measuredLiveHeap(cells)) {
                    charts.add(save(dir, names.file("heap", scenario, detail), ClientCharts.liveHeap(cells), scenario));
                }
            }
            Map<Integer, List<CellRows>> byClients = new TreeMap<>();
            cells.forEach(c -> byClients.computeIfAbsent(c.clients(), k -> new ArrayList<>()).add(c));
            for (Map.Entry<Integer, List<CellRows>> at : byClients.entrySet()) {
                List<SpectrumChart.Line> lines = at.getValue().stream().flatMap(c -> spectra.apply(c).stream()).toList();
                if (!lines.isEmpty()) {
                    String d = sweep ? join(detail, "c" + at.getKey()) : detail;
                    charts.add(save(dir, names.file("latency", scenario, d), SpectrumChart.chart(at.getValue(), lines), scenario));
                }
            }
            charts.add(save(dir, names.file("cpu", scenario, detail), sweep ? ClientCharts.cpu(cells) : CellBars.cpu(cells),
                    scenario));
            boolean otherProcesses = cells.stream().anyMatch(c -> !c.failed()
                    && (c.perSuccess(Results.WindowRow::dbMicros) != null || c.perSuccess(Results.WindowRow::proxyMicros) != null));
            if (sweep && otherProcesses) {
                // the database's and the proxy's share, which the sweep's line of the app's CPU leaves out
                for (Map.Entry<Integer, List<CellRows>> at : byClients.entrySet()) {
                    charts.add(save(dir, names.file("cpu", scenario, join(detail, "c" + at.getKey())),
                            CellBars.cpu(at.getValue()), scenario));
                }
            }
        }
        Map<Facet, List<PairedWindows.Model>> paired = PairedWindows.byExperiment(PairedWindows.of(rows));
        for (Map.Entry<Facet, List<PairedWindows.Model>> e : paired.entrySet()) {
            charts.add(save(dir, names.file("paired", scenario, Facet.detail(e.getKey(), paired.keySet())),
                    PairedChart.chart(e.getValue()), scenario, 1000, HEIGHT));
        }
        return charts;
    }

    private static String join(String a, String b) {
        return a.isEmpty() ? b : a + "-" + b;
    }

    /**
     * "Successful requests/s against clients · stub, 100 ms latency · GET a circle by id · 2 GB heap": what is
     * measured, at which clients (when they do not vary), the experiment, and the configuration when all share one.
     */
    static String title(String what, List<CellRows> cells) {
        Set<Integer> clients = new LinkedHashSet<>(cells.stream().map(CellRows::clients).toList());
        String at = clients.size() == 1 ? String.format(Locale.ROOT, " at %,d clients", clients.iterator().next()) : "";
        Set<String> configs = new LinkedHashSet<>(cells.stream().map(CellRows::config).toList());
        String config = configs.size() > 1 ? "" : configs.contains("tuned") ? " · each model at its best" : " · as shipped";
        return what + at + " · " + cells.get(0).facet().describe() + config;
    }

    static boolean bothConfigs(List<CellRows> cells) {
        return cells.stream().map(CellRows::config).distinct().count() > 1;
    }

    /** The chart around {@code plot}, with the common look; the failed cells' legend entry when it has some. */
    static JFreeChart finish(String title, Plot plot) {
        plot.setBackgroundPaint(Color.WHITE);
        if (plot instanceof XYPlot xy) {
            xy.setDomainGridlinePaint(Color.LIGHT_GRAY);
            xy.setRangeGridlinePaint(Color.LIGHT_GRAY);
            boolean failed = xy.getAnnotations().stream().anyMatch(a -> a instanceof FailedMark.OnXY);
            if (failed && xy.getFixedLegendItems() == null) {
                LegendItemCollection items = xy.getLegendItems();
                items.add(FailedMark.legendItem());
                xy.setFixedLegendItems(items);
            }
        } else if (plot instanceof CategoryPlot category) {
            category.setRangeGridlinePaint(Color.LIGHT_GRAY);
        }
        JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 15), plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        return chart;
    }

    static Chart save(Path dir, String file, JFreeChart chart, String scenario) throws IOException {
        return save(dir, file, chart, scenario, WIDTH, HEIGHT);
    }

    static Chart save(Path dir, String file, JFreeChart chart, String scenario, int width, int height) throws IOException {
        ChartUtils.saveChartAsPNG(dir.resolve(file).toFile(), chart, width, height);
        return new Chart(file, chart.getTitle().getText(), scenario);
    }
}
