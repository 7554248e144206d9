package dev.shapeslab.bench;

import java.awt.BasicStroke;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The charts of a sweep, figures against the clients (on a log axis): successes per second with the clients ÷
 * latency line, p99 with the 1 s line, the app's CPU per success. A line per model, in its colour and marker
 * ({@link ModelStyle}), solid at its best and dashed as shipped; a failed cell is a red X at its clients.
 */
final class ClientCharts {

    /** Long enough in the legend to tell a dashed line (as shipped) from a solid one. */
    static final Shape LEGEND_LINE = new Line2D.Double(-14, 0, 14, 0);

    private ClientCharts() {
    }

    /**
     * Successful req/s (median of the measured windows) against the clients, and clients ÷ latency. Successes, not
     * answers: a variant that turns the excess away answers 503s far faster than the ideal, and those serve nobody.
     */
    static JFreeChart throughput(List<CellRows> cells) {
        int latency = cells.get(0).facet().latencyMs();
        // a log axis, as the clients: a sweep spans decades, and a factor between models reads the same at any height
        List<Double> values = new ArrayList<>(cells.stream().filter(c -> !c.failed()).map(CellRows::successes)
                .filter(v -> v > 0).toList());
        if (latency > 0) {
            cells.forEach(c -> values.add(c.clients() * 1000.0 / latency));
        }
        LogTicks y = LogTicks.steps("successful requests/s (median of the windows; log scale)",
                values.stream().mapToDouble(v -> v).min().orElse(1), values.stream().mapToDouble(v -> v).max().orElse(10));
        XYPlot plot = lines(cells, CellRows::successes, y);
        if (latency > 0) {
            // a closed loop of N clients against L ms per request serves at most N ÷ L (Little's law)
            XYSeries ideal = new XYSeries(String.format(java.util.Locale.ROOT, "clients ÷ latency (%,d ms)", latency));
            new TreeSet<>(cells.stream().map(CellRows::clients).toList()).forEach(n -> ideal.add(n.doubleValue(), n * 1000.0 / latency));
            guide(plot, ideal);
        }
        return Charts.finish(Charts.title("Successful requests/s against clients", cells), plot);
    }

    /**
     * p99 (median over the measured windows) against the clients, on a log axis with the 1 s line: how many clients a
     * model holds before its p99 passes 1 s. Cells that answered any error are ringed, since an error can come fast
     * and keep the p99 low.
     */
    static JFreeChart p99(List<CellRows> cells) {
        double min = cells.stream().filter(c -> !c.failed() && c.p99() != null).mapToDouble(CellRows::p99).min().orElse(1);
        double max = cells.stream().filter(c -> !c.failed() && c.p99() != null).mapToDouble(CellRows::p99).max().orElse(1000);
        XYPlot plot = lines(cells, CellRows::p99, LogTicks.steps("p99 ms (log scale)", Math.min(min, 1000), Math.max(max, 1000)));
        XYSeries errors = new XYSeries("answered errors", true, true);
        cells.stream().filter(c -> !c.failed() && c.answeredErrors() && c.p99() != null)
                .forEach(c -> errors.add(c.clients(), c.p99()));
        if (!errors.isEmpty()) {
            int index = guide(plot, errors);
            XYLineAndShapeRenderer renderer = (XYLineAndShapeRenderer) plot.getRenderer();
            renderer.setSeriesLinesVisible(index, false);
            renderer.setSeriesShapesVisible(index, true);
            renderer.setSeriesShape(index, new Ellipse2D.Double(-8, -8, 16, 16));
            renderer.setSeriesShapesFilled(index, false);
            renderer.setSeriesOutlineStroke(index, new BasicStroke(1.5f));
        }
        plot.addRangeMarker(new ValueMarker(1000, ModelStyle.GREY, new BasicStroke(1.5f)));
        return Charts.finish(Charts.title("p99 latency against clients", cells), plot);
    }

    /** The app's CPU per success against the clients (log axis): what each served client costs as the crowd grows. */
    static JFreeChart cpu(List<CellRows> cells) {
        List<Double> values = cells.stream().filter(c -> !c.failed()).map(CellRows::appPerSuccess)
                .filter(v -> v != null && v > 0).toList();
        double min = values.stream().mapToDouble(v -> v).min().orElse(10);
        double max = values.stream().mapToDouble(v -> v).max().orElse(1000);
        XYPlot plot = lines(cells, CellRows::appPerSuccess, LogTicks.steps("app µs of CPU per success (log scale)", min, max));
        return Charts.finish(Charts.title("The app's CPU per successful request against clients", cells), plot);
    }

    /**
     * The live heap after a full GC ({@code --live-heap}) against the requests in flight, one per closed-loop client
     * ({@link ServerTables#slopes}), both on linear axes: a line per model and server, whose slope is the heap each
     * request in flight keeps.
     */
    static JFreeChart liveHeap(List<CellRows> cells) {
        XYSeriesCollection data = new XYSeriesCollection();
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        renderer.setLegendLine(LEGEND_LINE);
        boolean both = Charts.bothConfigs(cells);
        Map<String, XYSeries> series = new LinkedHashMap<>();
        for (CellRows c : cells) {
            Double heap = c.median(Results.WindowRow::liveHeapMib);
            if (heap == null) {
                continue;
            }
            series.computeIfAbsent(c.label(both), key -> modelSeries(key, c, data, renderer)).add(c.clients(), heap);
        }
        NumberAxis x = new NumberAxis("requests in flight: closed-loop clients, one request each");
        NumberAxis y = new NumberAxis("live heap after a full GC, MiB");
        XYPlot plot = new XYPlot(data, x, y, renderer);
        return Charts.finish(Charts.title("Live heap against requests in flight", cells), plot);
    }

    /** Whether any cell measured its live heap ({@code --live-heap}). */
    static boolean measuredLiveHeap(List<CellRows> cells) {
        return cells.stream().anyMatch(c -> c.median(Results.WindowRow::liveHeapMib) != null);
    }

    /**
     * A line per model (variant and configuration) of {@code y} against the clients, in the model's colour and marker;
     * a failed cell, or one with nothing to draw on a log axis (no successes), a red X at its clients.
     */
    static XYPlot lines(List<CellRows> cells, Function<CellRows, Double> y, ValueAxis rangeAxis) {
        boolean both = Charts.bothConfigs(cells);
        boolean log = rangeAxis instanceof LogTicks;
        XYSeriesCollection data = new XYSeriesCollection();
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        renderer.setLegendLine(LEGEND_LINE);
        Map<String, XYSeries> series = new LinkedHashMap<>();
        Map<Integer, Integer> slots = new HashMap<>();
        List<FailedMark.OnXY> marks = new ArrayList<>();
        for (CellRows c : cells) {
            Double v = c.failed() ? null : y.apply(c);
            if (c.failed() || log && v != null && v <= 0) {
                String label = c.failed() ? FailedMark.label(c, both) : c.label(both) + ": no successes";
                marks.add(new FailedMark.OnXY(c.clients(), slots.merge(c.clients(), 1, Integer::sum) - 1, label));
                continue;
            }
            if (v == null) {
                continue;
            }
            series.computeIfAbsent(c.label(both), key -> modelSeries(key, c, data, renderer)).add(c.clients(), v);
        }
        XYPlot plot = new XYPlot(data, LogTicks.clients(cells.stream().map(CellRows::clients).toList()), rangeAxis, renderer);
        marks.forEach(plot::addAnnotation);
        return plot;
    }

    /**
     * Adds the series of {@code c}'s model: its colour and marker, solid at its best and dashed as shipped; the same
     * model on Jetty with its marker hollow.
     */
    private static XYSeries modelSeries(String key, CellRows c, XYSeriesCollection data, XYLineAndShapeRenderer renderer) {
        XYSeries s = new XYSeries(key, true, false);
        data.addSeries(s);
        int index = data.getSeriesCount() - 1;
        ModelStyle style = ModelStyle.of(c.variant());
        renderer.setSeriesPaint(index, style.colour());
        renderer.setSeriesShape(index, style.marker());
        renderer.setSeriesStroke(index, ModelStyle.line(c.config()));
        renderer.setSeriesShapesFilled(index, !c.server().equals("jetty"));
        return s;
    }

    /** Adds a series that is no model: grey, dotted, no markers; its index. */
    static int guide(XYPlot plot, XYSeries series) {
        XYSeriesCollection data = (XYSeriesCollection) plot.getDataset();
        data.addSeries(series);
        int index = data.getSeriesCount() - 1;
        XYLineAndShapeRenderer renderer = (XYLineAndShapeRenderer) plot.getRenderer();
        renderer.setSeriesPaint(index, ModelStyle.GREY);
        renderer.setSeriesStroke(index, ModelStyle.guide());
        renderer.setSeriesShapesVisible(index, false);
        return index;
    }

    /** The clients measured in a facet, for whether its charts sweep them. */
    static boolean sweeps(List<CellRows> cells) {
        return cells.stream().map(CellRows::clients).distinct().count() > 1;
    }
}
