package dev.shapeslab.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Paint;
import java.awt.geom.Rectangle2D;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StackedBarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * The charts of one number of clients, a bar per model: successes per second (the clients ÷ latency line across
 * them), and CPU per success stacked by process. A model's bar is its colour, hatched as shipped; in the CPU bars
 * the app's share is the model's colour and the other processes grey. A failed cell keeps its place, a red X.
 */
final class CellBars {

    /** The processes of the CPU bars besides the app, each a grey of its own, and its figure per request. */
    private static final Map<String, Function<Results.WindowRow, Double>> OTHERS = new LinkedHashMap<>();
    private static final Map<String, Color> GREYS = Map.of("database server", new Color(0x70, 0x70, 0x70),
            "generator", new Color(0xB0, 0xB0, 0xB0), "delay proxy", new Color(0xDA, 0xDA, 0xDA));

    static {
        OTHERS.put("database server", Results.WindowRow::dbMicros);
        OTHERS.put("generator", Results.WindowRow::generatorMicros);
        OTHERS.put("delay proxy", Results.WindowRow::proxyMicros);
    }

    private CellBars() {
    }

    static JFreeChart throughput(List<CellRows> cells) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        boolean both = Charts.bothConfigs(cells);
        for (CellRows c : cells) {
            data.addValue(c.failed() ? null : c.successes(), "successes", c.label(both));
        }
        CategoryPlot plot = plot(data, cells, "successful requests/s (median of the measured windows)", new ModelBars(cells));
        int latency = cells.get(0).facet().latencyMs();
        if (latency > 0) {
            double ideal = cells.get(0).clients() * 1000.0 / latency;
            ValueMarker marker = new ValueMarker(ideal, ModelStyle.GREY, ModelStyle.guide());
            marker.setLabel(String.format(Locale.ROOT, "clients ÷ latency: %,.0f/s", ideal));
            marker.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
            marker.setLabelTextAnchor(TextAnchor.BOTTOM_RIGHT);
            marker.setLabelBackgroundColor(Color.WHITE);
            plot.addRangeMarker(marker);
            // the line and its label inside the plot, even above every bar
            double highest = cells.stream().filter(c -> !c.failed()).mapToDouble(CellRows::successes).max().orElse(0);
            plot.getRangeAxis().setRange(0, Math.max(highest, ideal) * 1.1);
        }
        plot.setFixedLegendItems(failedLegend(cells, new LegendItemCollection()));
        return Charts.finish(Charts.title("Successful requests/s", cells), plot);
    }

    /**
     * CPU per success, stacked: the app, the database server, the generator, and the delay proxy when a cell had one
     * ({@code --db-delay}); each process's CPU per request × requests ÷ successes, so a model that answers most
     * requests with a quick 503 is not made to look cheap.
     */
    static JFreeChart cpu(List<CellRows> cells) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        boolean both = Charts.bothConfigs(cells);
        List<String> present = OTHERS.keySet().stream()
                .filter(p -> cells.stream().anyMatch(c -> !c.failed() && c.perSuccess(OTHERS.get(p)) != null)).toList();
        for (CellRows c : cells) {
            data.addValue(c.failed() ? null : c.appPerSuccess(), "app", c.label(both));
            for (String process : present) {
                data.addValue(c.failed() ? null : c.perSuccess(OTHERS.get(process)), process, c.label(both));
            }
        }
        StackedBarRenderer renderer = new StackedBarRenderer() {
            @Override
            public Paint getItemPaint(int row, int column) {
                return row == 0 ? fill(cells.get(column)) : GREYS.get(present.get(row - 1));
            }
        };
        CategoryPlot plot = plot(data, cells, "µs of CPU per successful request", renderer);
        LegendItemCollection legend = new LegendItemCollection();
        legend.add(new LegendItem("app (the model's colour)", ModelStyle.everyColour()));
        present.forEach(p -> legend.add(new LegendItem(p, GREYS.get(p))));
        plot.setFixedLegendItems(failedLegend(cells, legend));
        return Charts.finish(Charts.title("CPU per successful request", cells), plot);
    }

    private static CategoryPlot plot(DefaultCategoryDataset data, List<CellRows> cells, String yLabel, BarRenderer renderer) {
        flat(renderer, 0.12);
        renderer.setDefaultLegendShape(new Rectangle2D.Double(-5, -5, 10, 10));
        CategoryAxis x = new CategoryAxis(String.format(Locale.ROOT, "model, %,d clients (closed loop)", cells.get(0).clients()));
        x.setMaximumCategoryLabelLines(2);
        CategoryPlot plot = new CategoryPlot(data, x, new NumberAxis(yLabel), renderer);
        for (CellRows c : cells) {
            if (c.failed()) {
                plot.addAnnotation(new FailedMark.OnCategory(c.label(Charts.bothConfigs(cells)), "failed: " + c.reason()));
            }
        }
        return plot;
    }

    /** The bars' common look: flat, no shadow, a thin dark outline, at most {@code maxWidth} of the axis each. */
    static void flat(BarRenderer renderer, double maxWidth) {
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        renderer.setDrawBarOutline(true);
        renderer.setDefaultOutlinePaint(Color.DARK_GRAY);
        renderer.setDefaultOutlineStroke(new BasicStroke(0.5f));
        renderer.setMaximumBarWidth(maxWidth);
    }

    private static Paint fill(CellRows c) {
        return ModelStyle.of(c.variant()).fill(c.config());
    }

    private static LegendItemCollection failedLegend(List<CellRows> cells, LegendItemCollection legend) {
        if (Charts.bothConfigs(cells)) {
            legend.add(new LegendItem("hatched: as shipped", ModelStyle.hatched(Color.DARK_GRAY)));
        }
        if (cells.stream().anyMatch(CellRows::failed)) {
            legend.add(FailedMark.legendItem());
        }
        return legend;
    }

    /** A bar per model in its own colour: the paint follows the bar's model, not its series. */
    private static final class ModelBars extends BarRenderer {
        private final transient List<CellRows> cells;

        ModelBars(List<CellRows> cells) {
            this.cells = cells;
        }

        @Override
        public Paint getItemPaint(int row, int column) {
            return fill(cells.get(column));
        }
    }
}
