package dev.shapeslab.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.awt.geom.RoundRectangle2D;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.jfree.chart.annotations.AbstractXYAnnotation;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.text.TextUtils;
import org.jfree.chart.ui.TextAnchor;

/**
 * Which model wins each cell of the map: the most successes per second at one latency and one number of clients.
 * A cell is filled with its winner's colour and says the winner and its ratio to {@code plain}; where the runner-up
 * is within {@link #TIE} of the winner it says "tie" and names both (stripes of their colours), since one run's noise
 * is about that large and a reader must not crown a model on it; a cell where every model failed is marked failed.
 */
final class WinnerGrid {

    /** Two models within this share of each other's successes are a tie. */
    static final double TIE = 0.05;
    /**
     * Models within this share of clients ÷ latency are at the ideal and tie: at 10 clients and 1 s, a 10 s window holds
     * about 100 requests, and one more or less per connection is 10 %.
     */
    static final double IDEAL_SLACK = 0.15;

    private WinnerGrid() {
    }

    /** One cell's outcome: the models that served, best first; those that failed; plain, for the ratio. */
    record Verdict(int latencyMs, int clients, List<CellRows> ranked, List<CellRows> failed, CellRows plain) {

        static Verdict of(int latencyMs, int clients, List<CellRows> cells) {
            List<CellRows> ranked = cells.stream().filter(c -> !c.failed())
                    .sorted(Comparator.comparingDouble((CellRows c) -> c.successes()).reversed()).toList();
            CellRows plain = cells.stream().filter(c -> c.variant().equals("plain")).findFirst().orElse(null);
            return new Verdict(latencyMs, clients, ranked, cells.stream().filter(CellRows::failed).toList(), plain);
        }

        boolean allFailed() {
            return ranked.isEmpty() && !failed.isEmpty();
        }

        /** The winner and every model within {@link #TIE} of it. */
        List<CellRows> top() {
            if (ranked.isEmpty()) {
                return List.of();
            }
            double best = ranked.get(0).successes();
            // every model that reached the ideal (clients ÷ latency, within a window's count: a connection of a closed
            // loop completes one request more or less in a window) ties: what bounds them there is the backend's wait
            double ideal = latencyMs > 0 ? clients * 1000.0 / latencyMs : Double.MAX_VALUE;
            double bar = best >= (1 - IDEAL_SLACK) * ideal ? Math.min((1 - IDEAL_SLACK) * ideal, (1 - TIE) * best) : (1 - TIE) * best;
            List<CellRows> top = ranked.stream().filter(c -> c.successes() >= bar).toList();
            // a tie names its models in their usual order: the order within it is noise
            return top.size() == 1 ? top : top.stream().sorted(Comparator.comparingInt(c -> ModelStyle.order(c.variant()))).toList();
        }

        boolean tie() {
            return top().size() > 1;
        }

        /** The winner's successes over plain's in the cell; null when plain has none to divide by. */
        Double ratio() {
            if (ranked.isEmpty() || plain == null || plain.failed() || plain.successes() <= 0) {
                return null;
            }
            return ranked.get(0).successes() / plain.successes();
        }

        /** What the cell says: "vertx" and "2.3× plain"; "tie: vertx, webflux"; "every model failed". */
        List<String> lines() {
            List<String> lines = new ArrayList<>();
            if (ranked.isEmpty()) {
                lines.add(failed.isEmpty() ? "not measured" : "every model failed");
                List<String> reasons = failed.stream().map(CellRows::reason).distinct().toList();
                if (reasons.size() == 1) {
                    lines.add(reasons.get(0));
                }
                return lines;
            }
            List<String> names = top().stream().map(CellRows::variant).toList();
            lines.add(names.size() == 1 ? names.get(0) : "tie: " + String.join(", ", names));
            // plain's ratio to itself says nothing; a plain that failed is named on the line of the failed
            Double ratio = ranked.get(0).variant().equals("plain") ? null : ratio();
            if (ratio != null) {
                lines.add(times(ratio) + " plain");
            }
            if (!failed.isEmpty()) {
                lines.add(failed.stream().map(CellRows::variant).collect(Collectors.joining(", ")) + " failed");
            }
            return lines;
        }
    }

    /** {@code text} in lines no wider than {@code width}, broken between words. */
    static List<String> wrap(String text, Graphics2D g2, double width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (!line.isEmpty() && g2.getFontMetrics().stringWidth(line + " " + word) > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.isEmpty() ? "" : " ").append(word);
        }
        lines.add(line.toString());
        return lines;
    }

    /** "2.3×", "12×", "1.0×", "0.95×": two digits that matter */
    static String times(double ratio) {
        return String.format(Locale.ROOT, ratio >= 10 ? "%.0f×" : ratio >= 0.995 ? "%.1f×" : "%.2f×", ratio);
    }

    /** A cell of the grid: at column {@code x} (clients) and row {@code y} (latency) of the plot. */
    static final class Cell extends AbstractXYAnnotation {
        private static final Font NAME = new Font(Font.SANS_SERIF, Font.BOLD, 12);
        private static final Font NOTE = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
        final int x;
        final int y;
        final Verdict verdict;

        Cell(int x, int y, Verdict verdict) {
            this.x = x;
            this.y = y;
            this.verdict = verdict;
        }

        @Override
        public void draw(Graphics2D g2, XYPlot plot, Rectangle2D dataArea, ValueAxis domainAxis, ValueAxis rangeAxis,
                         int rendererIndex, PlotRenderingInfo info) {
            double xa = domainAxis.valueToJava2D(x - 0.5, dataArea, plot.getDomainAxisEdge());
            double xb = domainAxis.valueToJava2D(x + 0.5, dataArea, plot.getDomainAxisEdge());
            double ya = rangeAxis.valueToJava2D(y - 0.5, dataArea, plot.getRangeAxisEdge());
            double yb = rangeAxis.valueToJava2D(y + 0.5, dataArea, plot.getRangeAxisEdge());
            // either axis may be inverted (latency runs down the grid)
            double x0 = Math.min(xa, xb);
            double x1 = Math.max(xa, xb);
            double y0 = Math.min(ya, yb);
            double y1 = Math.max(ya, yb);
            Rectangle2D area = new Rectangle2D.Double(x0, y0, x1 - x0, y1 - y0);
            List<CellRows> top = verdict.top();
            for (int i = 0; i < top.size(); i++) {
                // a tie: a stripe of each tied model's colour, none of them on its own
                g2.setPaint(ModelStyle.of(top.get(i).variant()).colour());
                g2.fill(new Rectangle2D.Double(x0 + area.getWidth() * i / top.size(), y0, area.getWidth() / top.size(),
                        area.getHeight()));
            }
            if (verdict.allFailed()) {
                g2.setPaint(new Color(0xFF, 0xE8, 0xE8));
                g2.fill(area);
                g2.setPaint(ModelStyle.FAILED);
                g2.setStroke(new BasicStroke(2f));
                g2.draw(new Line2D.Double(x0 + 6, y0 + 6, x1 - 6, y1 - 6));
                g2.draw(new Line2D.Double(x0 + 6, y1 - 6, x1 - 6, y0 + 6));
            }
            g2.setPaint(Color.WHITE);
            g2.setStroke(new BasicStroke(2f));
            g2.draw(area);
            label(g2, area);
        }

        /** The lines on a white box in the middle of the cell, legible on any model's colour; the first in bold. */
        private void label(Graphics2D g2, Rectangle2D area) {
            List<String> lines = new ArrayList<>();
            int bold = 0;
            for (int i = 0; i < verdict.lines().size(); i++) {
                g2.setFont(i == 0 ? NAME : NOTE);
                lines.addAll(wrap(verdict.lines().get(i), g2, area.getWidth() - 16));
                bold = i == 0 ? lines.size() : bold;
            }
            double lineHeight = 15;
            double width = 0;
            for (int i = 0; i < lines.size(); i++) {
                g2.setFont(i < bold ? NAME : NOTE);
                width = Math.max(width, g2.getFontMetrics().stringWidth(lines.get(i)));
            }
            double height = lineHeight * lines.size();
            double cx = area.getCenterX();
            double top = area.getCenterY() - height / 2;
            g2.setPaint(Color.WHITE);
            g2.fill(new RoundRectangle2D.Double(cx - width / 2 - 6, top - 3, width + 12, height + 6, 8, 8));
            // a cell nobody measured in grey: it is no result
            g2.setPaint(verdict.allFailed() ? ModelStyle.FAILED : verdict.ranked().isEmpty() ? ModelStyle.GREY : Color.BLACK);
            for (int i = 0; i < lines.size(); i++) {
                g2.setFont(i < bold ? NAME : NOTE);
                TextUtils.drawAlignedString(lines.get(i), g2, (float) cx, (float) (top + lineHeight * (i + 0.5)),
                        TextAnchor.CENTER);
            }
        }
    }
}
