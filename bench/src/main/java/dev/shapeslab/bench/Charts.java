package dev.shapeslab.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The charts of a run, PNG files beside {@code summary.md} drawn with JFreeChart from the figures the report
 * reads (so {@code --report-only} draws them again): per scenario, throughput against clients per variant with
 * the clients ÷ latency line, the latency percentile spectrum, and CPU per request stacked as app, database and
 * generator; per drill of the faults scenario, its answers per second by status with the fault marked.
 */
final class Charts {

    static final int WIDTH = 900;
    static final int HEIGHT = 500;
    /** Percentiles of the spectrum, in the order of their "nines". */
    private static final List<String> SPECTRUM = List.of("p50", "p75", "p90", "p99", "p99.9", "p99.99");

    static {
        // drawn without a display, whoever starts the harness (compare.sh also says so on the command line)
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    /** One chart file and what it shows, for {@code index.html}. */
    record Chart(String file, String title, String scenario) {
    }

    private Charts() {
    }

    static List<Chart> write(Path dir, Report.Run run) throws IOException {
        Map<String, List<Report.Cell>> scenarios = new LinkedHashMap<>();
        for (Report.Cell c : run.cells) {
            if (c.error == null) {
                scenarios.computeIfAbsent(c.get("scenario"), k -> new ArrayList<>()).add(c);
            }
        }
        List<Chart> charts = new ArrayList<>();
        for (Map.Entry<String, List<Report.Cell>> e : scenarios.entrySet()) {
            String scenario = e.getKey();
            List<Report.Cell> cells = e.getValue();
            if (scenario.equals("faults")) {
                for (Report.Cell c : cells) {
                    if (c.drill != null) {
                        charts.add(save(dir, "chart-faults-" + c.dir.getFileName() + ".png", faultTimeline(c), scenario));
                    }
                }
                continue;
            }
            List<Report.Cell> measured = cells.stream().filter(c -> !c.measured.isEmpty()).toList();
            if (measured.isEmpty()) {
                continue;
            }
            charts.add(save(dir, "chart-throughput-" + scenario + ".png", throughput(scenario, measured), scenario));
            charts.add(save(dir, "chart-latency-" + scenario + ".png", spectrum(scenario, measured), scenario));
            if (sweeps(measured)) {
                charts.add(save(dir, "chart-p99-" + scenario + ".png", p99(scenario, measured), scenario));
            }
            charts.add(save(dir, "chart-cpu-" + scenario + ".png", cpu(scenario, measured), scenario));
        }
        return charts;
    }

    /**
     * Successful req/s (median of the measured windows) against the clients, a line per variant, and clients ÷
     * latency. Successes, not answers: a variant that turns the excess away answers 503s far faster than the
     * ideal, and those serve no client.
     */
    static JFreeChart throughput(String scenario, List<Report.Cell> cells) {
        XYSeriesCollection data = new XYSeriesCollection();
        Map<String, XYSeries> series = new LinkedHashMap<>();
        Map<Integer, Set<Integer>> ideal = new TreeMap<>();
        for (Report.Cell c : cells) {
            String label = label(c, cells, false);
            series.computeIfAbsent(label, k -> new XYSeries(k, true, true))
                    .addOrUpdate(c.intValue("connections"), c.successes().median());
            if (c.intValue("latency_ms") > 0) {
                ideal.computeIfAbsent(c.intValue("latency_ms"), k -> new java.util.TreeSet<>()).add(c.intValue("connections"));
            }
        }
        series.values().forEach(data::addSeries);
        // a closed loop of N clients against L ms per request serves at most N ÷ L (Little's law)
        ideal.forEach((latency, clients) -> {
            XYSeries line = new XYSeries("clients ÷ latency (" + latency + " ms)", true, true);
            clients.forEach(n -> line.add(n.doubleValue(), n * 1000.0 / latency));
            data.addSeries(line);
        });
        JFreeChart chart = ChartFactory.createXYLineChart("Throughput against clients: " + scenario, "clients (connections)",
                "successful req/s (median of the measured windows)", data, PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = chart.getXYPlot();
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        for (int i = series.size(); i < data.getSeriesCount(); i++) {
            renderer.setSeriesPaint(i, Color.GRAY);
            renderer.setSeriesStroke(i, new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                    new float[] {6f, 4f}, 0f));
        }
        plot.setRenderer(renderer);
        NumberAxis x = (NumberAxis) plot.getDomainAxis();
        x.setAutoRangeIncludesZero(true);
        return chart;
    }

    /** Whether some variant ran at more than one number of clients: a sweep, whose p99 is drawn against them. */
    static boolean sweeps(List<Report.Cell> cells) {
        Map<String, Set<Integer>> clients = new LinkedHashMap<>();
        cells.forEach(c -> clients.computeIfAbsent(label(c, cells, false), k -> new java.util.TreeSet<>())
                .add(c.intValue("connections")));
        return clients.values().stream().anyMatch(n -> n.size() > 1);
    }

    /**
     * p99 (of each cell's middle window) against the clients, a line per variant, on a log axis with the 1 s
     * line: how many clients a variant holds before its p99 passes 1 s. The cells that answered any error
     * (non-2xx, socket errors) are marked again, since an error can come fast and keep the p99 low.
     */
    static JFreeChart p99(String scenario, List<Report.Cell> cells) {
        XYSeriesCollection data = new XYSeriesCollection();
        Map<String, XYSeries> series = new LinkedHashMap<>();
        XYSeries failing = new XYSeries("answered errors", true, true);
        for (Report.Cell c : cells) {
            GeneratorOutput mid = c.measured.get(c.measured.size() / 2).load();
            Double p99 = mid.latencyMicros().get("p99");
            if (p99 == null) {
                continue;
            }
            int clients = c.intValue("connections");
            series.computeIfAbsent(label(c, cells, false), k -> new XYSeries(k, true, true)).addOrUpdate(clients, p99 / 1e3);
            if (mid.failed() > 0) {
                failing.add(clients, p99 / 1e3);
            }
        }
        series.values().forEach(data::addSeries);
        data.addSeries(failing);
        JFreeChart chart = ChartFactory.createXYLineChart("p99 against clients: " + scenario, "clients (connections)",
                "p99 ms", data, PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = chart.getXYPlot();
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        int last = data.getSeriesCount() - 1;
        renderer.setSeriesLinesVisible(last, false);
        renderer.setSeriesPaint(last, Color.RED);
        renderer.setSeriesShape(last, new java.awt.geom.Ellipse2D.Double(-7, -7, 14, 14));
        renderer.setSeriesShapesFilled(last, false);
        plot.setRenderer(renderer);
        LogAxis y = new LogAxis("p99 ms (log)");
        y.setBase(10);
        y.setSmallestValue(1);
        y.setTickUnit(new org.jfree.chart.axis.NumberTickUnit(1)); // a label per decade: 10, 100, 1,000 ms
        y.setMinorTickCount(9);
        y.setMinorTickMarksVisible(true);
        y.setNumberFormatOverride(new java.text.DecimalFormat("#,##0", java.text.DecimalFormatSymbols.getInstance(Locale.ROOT)));
        plot.setRangeAxis(y);
        plot.addRangeMarker(new org.jfree.chart.plot.ValueMarker(1000, Color.GRAY, new BasicStroke(1.5f)));
        return chart;
    }

    /**
     * The latency spectrum: each percentile at its "nines" (p90 at 1, p99 at 2, p99.9 at 3), latency on a log
     * axis; the median closed-loop window of each cell, and each open-model window.
     */
    static JFreeChart spectrum(String scenario, List<Report.Cell> cells) {
        XYSeriesCollection data = new XYSeriesCollection();
        for (Report.Cell c : cells) {
            String label = label(c, cells, true);
            Window mid = c.measured.get(c.measured.size() / 2);
            addSpectrum(data, label + " closed (" + mid.load().generator() + ")", mid.load());
            for (Window open : c.open) {
                addSpectrum(data, String.format(Locale.ROOT, "%s open %.0f req/s", label, open.load().throughput()), open.load());
            }
        }
        JFreeChart chart = ChartFactory.createXYLineChart("Latency percentile spectrum: " + scenario, "percentile",
                "latency ms", data, PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = chart.getXYPlot();
        plot.setRenderer(new XYLineAndShapeRenderer(true, true));
        NumberAxis x = (NumberAxis) plot.getDomainAxis();
        x.setRange(0, 4.2);
        x.setTickUnit(new org.jfree.chart.axis.NumberTickUnit(1));
        x.setNumberFormatOverride(new NinesFormat());
        LogAxis y = new LogAxis("latency ms (log)");
        y.setBase(10);
        y.setSmallestValue(0.01);
        y.setNumberFormatOverride(new java.text.DecimalFormat("#,##0.##", java.text.DecimalFormatSymbols.getInstance(Locale.ROOT)));
        plot.setRangeAxis(y);
        return chart;
    }

    private static void addSpectrum(XYSeriesCollection data, String label, GeneratorOutput load) {
        XYSeries s = new XYSeries(label, true, true);
        for (String p : SPECTRUM) {
            Double us = load.latencyMicros().get(p);
            if (us != null && us > 0) {
                s.add(nines(Double.parseDouble(p.substring(1))), us / 1e3);
            }
        }
        if (s.getItemCount() > 0) {
            data.addSeries(s);
        }
    }

    /** 90 -> 1, 99 -> 2, 99.9 -> 3: the position of a percentile on the spectrum's axis. */
    static double nines(double percentile) {
        return -Math.log10(1 - percentile / 100);
    }

    /**
     * CPU per request (medians of the measured windows), stacked: app, database server, generator, and the delay
     * proxy when a cell had one ({@code --db-delay}).
     */
    static JFreeChart cpu(String scenario, List<Report.Cell> cells) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        boolean proxied = cells.stream().anyMatch(c -> c.proxy() != null);
        for (Report.Cell c : cells) {
            String label = label(c, cells, true);
            Report.Spread db = c.db();
            data.addValue(c.app().median(), "app", label);
            data.addValue(db == null ? 0 : db.median(), "database server", label);
            data.addValue(c.generator().median(), "generator", label);
            if (proxied) {
                data.addValue(c.proxy() == null ? 0 : c.proxy().median(), "delay proxy", label);
            }
        }
        JFreeChart chart = ChartFactory.createStackedBarChart("CPU per request: " + scenario, "cell", "µs of CPU per request",
                data, PlotOrientation.VERTICAL, true, false, false);
        chart.getCategoryPlot().getDomainAxis().setMaximumCategoryLabelLines(3);
        return chart;
    }

    /** Answers per second by status over a drill, the fault (or the overload) marked from its start to its end. */
    static JFreeChart faultTimeline(Report.Cell c) throws IOException {
        FaultFigures f = c.drill;
        List<DrillRecord> records = new ArrayList<>();
        if (f.fault.equals("overload")) {
            records.addAll(DrillRecord.read(c.dir.resolve("knee.tsv")));
            records.addAll(DrillRecord.read(c.dir.resolve("overload.tsv")));
        } else {
            records.addAll(DrillRecord.read(c.dir.resolve("requests.tsv")));
        }
        Map<String, TreeMap<Long, Integer>> perSecond = new TreeMap<>();
        for (DrillRecord r : records) {
            perSecond.computeIfAbsent(r.status(), k -> new TreeMap<>()).merge(r.endMicros() / 1_000_000, 1, Integer::sum);
        }
        long last = records.stream().mapToLong(r -> r.endMicros() / 1_000_000).max().orElse(0);
        XYSeriesCollection data = new XYSeriesCollection();
        perSecond.forEach((status, counts) -> {
            XYSeries s = new XYSeries(status);
            long first = counts.firstKey();
            for (long second = first; second <= last; second++) {
                s.add(second, counts.getOrDefault(second, 0));
            }
            data.addSeries(s);
        });
        String title = String.format(Locale.ROOT, "%s: %s on %s, %s clients", f.fault, c.get("variant"), c.get("backend"),
                c.get("connections"));
        JFreeChart chart = ChartFactory.createXYLineChart(title, "s since the load started (by each answer's end)",
                "answers per second", data, PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = chart.getXYPlot();
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        for (int i = 0; i < data.getSeriesCount(); i++) {
            renderer.setSeriesPaint(i, statusColour(data.getSeriesKey(i).toString()));
            renderer.setSeriesStroke(i, new BasicStroke(2f));
        }
        plot.setRenderer(renderer);
        if (f.fault.equals("overload")) {
            mark(plot, f.drill.getProperty("knee_start_us"), f.drill.getProperty("knee_end_us"), "knee", new Color(0, 128, 0, 40));
            mark(plot, f.drill.getProperty("overload_start_us"), f.drill.getProperty("overload_end_us"),
                    "overload (" + c.get("connections") + " clients)", new Color(255, 0, 0, 40));
        } else {
            mark(plot, f.drill.getProperty("fault_start_us"), f.drill.getProperty("db_back_us"),
                    f.fault.equals("kill") ? "database killed" : "database frozen", new Color(255, 0, 0, 40));
        }
        return chart;
    }

    /** Successes green, refusals (503) orange, other server errors red, no answer at all grey. */
    private static Color statusColour(String status) {
        if (status.startsWith("2") || status.startsWith("3")) {
            return new Color(0, 140, 0);
        }
        if (status.equals("503")) {
            return new Color(230, 130, 0);
        }
        if (status.startsWith("4") || status.startsWith("5")) {
            return new Color(200, 0, 0);
        }
        return Color.DARK_GRAY;
    }

    private static void mark(XYPlot plot, String fromMicros, String toMicros, String label, Color colour) {
        if (fromMicros == null || toMicros == null) {
            return;
        }
        IntervalMarker marker = new IntervalMarker(Long.parseLong(fromMicros) / 1e6, Long.parseLong(toMicros) / 1e6);
        marker.setPaint(colour);
        marker.setLabel(label);
        marker.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        marker.setLabelAnchor(RectangleAnchor.TOP_LEFT);
        marker.setLabelTextAnchor(TextAnchor.TOP_LEFT);
        plot.addDomainMarker(marker, Layer.BACKGROUND);
    }

    /**
     * A cell's name in a chart: its variant, and whatever else differs between the scenario's cells (backend,
     * workload, latency, and the clients unless they are the chart's x axis).
     */
    static String label(Report.Cell c, List<Report.Cell> cells, boolean withClients) {
        List<String> parts = new ArrayList<>(List.of(c.get("variant")));
        for (String key : List.of("backend", "workload", "connections", "latency_ms", "repeat")) {
            if (key.equals("connections") && !withClients) {
                continue;
            }
            Set<String> values = new LinkedHashSet<>();
            cells.forEach(o -> values.add(o.get(key)));
            if (values.size() > 1) {
                parts.add(switch (key) {
                    case "connections" -> c.get(key) + " clients";
                    case "latency_ms" -> c.get(key) + " ms";
                    case "repeat" -> "run " + c.get(key);
                    default -> c.get(key);
                });
            }
        }
        return String.join(" · ", parts);
    }

    private static Chart save(Path dir, String file, JFreeChart chart, String scenario) throws IOException {
        chart.setBackgroundPaint(Color.WHITE);
        chart.getPlot().setBackgroundPaint(Color.WHITE);
        if (chart.getPlot() instanceof XYPlot xy) {
            xy.setDomainGridlinePaint(Color.LIGHT_GRAY);
            xy.setRangeGridlinePaint(Color.LIGHT_GRAY);
        } else if (chart.getPlot() instanceof org.jfree.chart.plot.CategoryPlot category) {
            category.setRangeGridlinePaint(Color.LIGHT_GRAY);
        }
        ChartUtils.saveChartAsPNG(dir.resolve(file).toFile(), chart, WIDTH, HEIGHT);
        return new Chart(file, chart.getTitle().getText(), scenario);
    }

    /** The spectrum's axis: 0 -> p0, 1 -> p90, 2 -> p99, 3 -> p99.9, 4 -> p99.99. */
    private static final class NinesFormat extends NumberFormat {

        @Override
        public StringBuffer format(double nines, StringBuffer to, FieldPosition pos) {
            double percentile = 100 * (1 - Math.pow(10, -nines));
            return to.append('p').append(new java.math.BigDecimal(percentile).round(new java.math.MathContext(6))
                    .stripTrailingZeros().toPlainString());
        }

        @Override
        public StringBuffer format(long nines, StringBuffer to, FieldPosition pos) {
            return format((double) nines, to, pos);
        }

        @Override
        public Number parse(String source, ParsePosition pos) {
            throw new UnsupportedOperationException();
        }
    }
}
