package dev.shapeslab.bench;

import java.awt.BasicStroke;
import java.math.BigDecimal;
import java.math.MathContext;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The latency spectrum of the cells at one number of clients: each percentile at its "nines" (p90 at 1, p99 at 2,
 * p99.9 at 3), latency on a log axis; a cell's median closed-loop window in its model's style, its open-model windows
 * in its colour, thin and dotted. A run draws every percentile its generator gave; the redraw of a results.csv the
 * ones the CSV keeps (p50, p99, p99.9).
 */
final class SpectrumChart {

    /** One curve: whose, which window, and its latencies in ms by percentile. */
    record Line(CellRows cell, String window, boolean open, Map<Double, Double> millis) {
    }

    private SpectrumChart() {
    }

    /** The curves the CSV's rows give: p50, p99 and p99.9 of the median measured window and of each open window. */
    static List<Line> fromRows(CellRows cell) {
        List<Line> lines = new ArrayList<>();
        if (cell.failed()) {
            return lines;
        }
        Results.WindowRow mid = cell.middle();
        lines.add(new Line(cell, "closed (" + Facet.text(mid.generator()) + ")", false, percentiles(mid)));
        for (Results.WindowRow open : cell.open()) {
            lines.add(new Line(cell, String.format(Locale.ROOT, "open %,.0f req/s", open.reqPerSecond()), true, percentiles(open)));
        }
        return lines;
    }

    private static Map<Double, Double> percentiles(Results.WindowRow r) {
        Map<Double, Double> ms = new LinkedHashMap<>();
        ms.put(50.0, r.p50Ms());
        ms.put(99.0, r.p99Ms());
        ms.put(99.9, r.p999Ms());
        return ms;
    }

    static JFreeChart chart(List<CellRows> cells, List<Line> lines) {
        XYSeriesCollection data = new XYSeriesCollection();
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        renderer.setLegendLine(ClientCharts.LEGEND_LINE);
        boolean both = Charts.bothConfigs(cells);
        // the window is named when the chart has more than the closed loop's
        boolean windows = lines.stream().anyMatch(Line::open) || lines.stream().map(Line::window).distinct().count() > 1;
        for (Line line : lines) {
            XYSeries s = new XYSeries(line.cell().label(both) + (windows ? " · " + line.window() : ""), true, true);
            line.millis().forEach((p, ms) -> {
                if (ms != null && ms > 0) {
                    s.add(nines(p), ms);
                }
            });
            if (s.isEmpty()) {
                continue;
            }
            data.addSeries(s);
            int i = data.getSeriesCount() - 1;
            ModelStyle style = ModelStyle.of(line.cell().variant());
            renderer.setSeriesPaint(i, style.colour());
            renderer.setSeriesShape(i, style.marker());
            renderer.setSeriesShapesFilled(i, !line.open());
            renderer.setSeriesStroke(i, line.open() ? new BasicStroke(1f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND,
                    10f, new float[] {1f, 3f}, 0f) : ModelStyle.line(line.cell().config()));
        }
        NumberAxis x = new NumberAxis("percentile");
        x.setRange(0, 4.2);
        x.setTickUnit(new NumberTickUnit(1));
        x.setNumberFormatOverride(new NinesFormat());
        List<Double> ms = lines.stream().flatMap(l -> l.millis().values().stream()).filter(v -> v != null && v > 0).toList();
        LogTicks y = LogTicks.steps("latency ms (log scale)", ms.stream().mapToDouble(v -> v).min().orElse(1),
                ms.stream().mapToDouble(v -> v).max().orElse(1000));
        XYPlot plot = new XYPlot(data, x, y, renderer);
        int slot = 0;
        for (CellRows c : cells) {
            if (c.failed()) {
                // bottom right, where a spectrum, which rises to the right, has no points
                plot.addAnnotation(new FailedMark.OnXY(4.0, slot++, FailedMark.label(c, both)));
            }
        }
        return Charts.finish(Charts.title("Latency percentile spectrum", cells), plot);
    }

    /** 90 -> 1, 99 -> 2, 99.9 -> 3: the position of a percentile on the spectrum's axis. */
    static double nines(double percentile) {
        return -Math.log10(1 - percentile / 100);
    }

    /** The spectrum's axis: 0 -> p0, 1 -> p90, 2 -> p99, 3 -> p99.9, 4 -> p99.99. */
    private static final class NinesFormat extends NumberFormat {

        @Override
        public StringBuffer format(double nines, StringBuffer to, FieldPosition pos) {
            double percentile = 100 * (1 - Math.pow(10, -nines));
            return to.append('p').append(new BigDecimal(percentile).round(new MathContext(6)).stripTrailingZeros().toPlainString());
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
