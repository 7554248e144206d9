package dev.shapeslab.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * A drill of the faults scenario: answers per second by status, the fault (or the overload) marked from its start
 * to its end. One model per chart, so its lines are the statuses, in colours that are no model's: successes green,
 * refusals orange, other errors red, no answer grey.
 */
final class FaultChart {

    private FaultChart() {
    }

    static JFreeChart timeline(Report.Cell c) throws IOException {
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
        String heap = c.get("app_heap").isEmpty() ? "" : " · " + Facet.heapText(c.get("app_heap")) + " heap";
        String title = String.format(Locale.ROOT, "Answers/s by status, %s: %s · %s · %s clients · %s%s", what(f.fault),
                c.get("variant"), c.get("backend"), c.get("connections"), Facet.workloadText(c.get("workload")), heap);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        for (int i = 0; i < data.getSeriesCount(); i++) {
            renderer.setSeriesPaint(i, statusColour(data.getSeriesKey(i).toString()));
            renderer.setSeriesStroke(i, new BasicStroke(2f));
        }
        XYPlot plot = new XYPlot(data, new NumberAxis("s since the load started (by each answer's end)"),
                new NumberAxis("answers per second"), renderer);
        if (f.fault.equals("overload")) {
            mark(plot, f.drill.getProperty("knee_start_us"), f.drill.getProperty("knee_end_us"), "knee", new Color(0, 128, 0, 40));
            mark(plot, f.drill.getProperty("overload_start_us"), f.drill.getProperty("overload_end_us"),
                    "overload (" + c.get("connections") + " clients)", new Color(255, 0, 0, 40));
        } else {
            mark(plot, f.drill.getProperty("fault_start_us"), f.drill.getProperty("db_back_us"),
                    f.fault.equals("kill") ? "database killed" : "database frozen", new Color(255, 0, 0, 40));
        }
        return Charts.finish(title, plot);
    }

    private static String what(String fault) {
        return switch (fault) {
            case "kill" -> "the database killed";
            case "freeze" -> "the database frozen";
            default -> fault;
        };
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
}
