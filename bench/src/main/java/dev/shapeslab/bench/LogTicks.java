package dev.shapeslab.bench;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.TickType;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;

/**
 * A log axis labelled where a reader looks: at the client counts that were measured (200, 1,000, 5,000, not only
 * the decades), or at 1-2-5 steps of a figure. Clients go on a log axis because they grow by factors: on a linear one
 * 10 and 100 clients sit on top of each other.
 */
final class LogTicks extends LogAxis {

    private final List<Double> ticks;
    private final NumberFormat format;

    private LogTicks(String label, Collection<Double> ticks, double lower, double upper) {
        super(label);
        this.ticks = List.copyOf(new TreeSet<>(ticks));
        this.format = new DecimalFormat("#,##0.##", DecimalFormatSymbols.getInstance(Locale.ROOT));
        setBase(10);
        setSmallestValue(1e-9);
        setRange(lower, upper);
        setMinorTickMarksVisible(false);
    }

    /** The clients of a chart, each one labelled, with room either side for the markers. */
    static LogTicks clients(Collection<Integer> clients) {
        TreeSet<Double> values = new TreeSet<>();
        clients.forEach(c -> values.add(c.doubleValue()));
        return new LogTicks("clients (closed loop; log scale)", values, values.first() / 1.6, values.last() * 1.6);
    }

    /** A figure from {@code min} to {@code max}, labelled at 1-2-5 steps, the range widened to a step either side. */
    static LogTicks steps(String label, double min, double max) {
        List<Double> all = new ArrayList<>();
        for (int decade = (int) Math.floor(Math.log10(min)) - 1; decade <= Math.ceil(Math.log10(max)) + 1; decade++) {
            for (double step : new double[] {1, 2, 5}) {
                all.add(step * Math.pow(10, decade));
            }
        }
        double lower = all.stream().filter(v -> v <= min * 1.0001).reduce((a, b) -> b).orElse(min);
        double upper = all.stream().filter(v -> v >= max * 0.9999).findFirst().orElse(max);
        List<Double> inside = all.stream().filter(v -> v >= lower * 0.9999 && v <= upper * 1.0001).toList();
        return new LogTicks(label, inside, lower / 1.15, upper * 1.15);
    }

    @Override
    public List refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
        TextAnchor anchor = edge == RectangleEdge.TOP ? TextAnchor.BOTTOM_CENTER
                : edge == RectangleEdge.BOTTOM ? TextAnchor.TOP_CENTER
                : edge == RectangleEdge.LEFT ? TextAnchor.CENTER_RIGHT : TextAnchor.CENTER_LEFT;
        List<NumberTick> result = new ArrayList<>();
        for (double t : ticks) {
            if (getRange().contains(t)) {
                result.add(new NumberTick(TickType.MAJOR, t, format.format(t), anchor, TextAnchor.CENTER, 0));
            }
        }
        return result;
    }

    /** The values labelled, for tests. */
    List<Double> ticks() {
        return ticks;
    }
}
