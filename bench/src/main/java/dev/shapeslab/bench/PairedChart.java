package dev.shapeslab.bench;

import java.awt.Color;
import java.awt.Paint;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.data.category.DefaultCategoryDataset;

/** The chart of {@link PairedWindows}: each model's ratio, run by run and pooled. */
final class PairedChart {

    private PairedChart() {
    }

    /**
     * A bar per model, its ratio pooled over the runs, in its colour; a grey dot per run; lines at 1 (as many as at
     * the cell's clients) and 0.9.
     */
    static JFreeChart chart(List<PairedWindows.Model> models) {
        boolean drivers = models.stream().map(m -> m.facet().backend()).distinct().count() > 1;
        int runs = models.stream().mapToInt(m -> m.runs().size()).max().orElse(0);
        DefaultCategoryDataset dots = new DefaultCategoryDataset();
        DefaultCategoryDataset bars = new DefaultCategoryDataset();
        double highest = 1;
        for (PairedWindows.Model m : models) {
            bars.addValue(m.pooled(), "pooled", m.label(drivers));
            for (int i = 0; i < runs; i++) {
                Double ratio = i < m.runs().size() ? m.runs().get(i).ratio() : null;
                dots.addValue(ratio, "run " + (i + 1), m.label(drivers));
                highest = Math.max(highest, ratio == null ? 0 : ratio);
            }
            highest = Math.max(highest, m.pooled());
        }
        PairedWindows.Model first = models.get(0);
        CategoryAxis x = new CategoryAxis(drivers ? "model, driver" : "model");
        x.setMaximumCategoryLabelLines(3);
        NumberAxis y = new NumberAxis(String.format(Locale.ROOT, "successes/s at %,d clients ÷ at %,d", first.pairedClients(),
                first.clients()));
        y.setRange(0, Math.max(1.2, highest * 1.08));
        BarRenderer barRenderer = new BarRenderer() {
            @Override
            public Paint getItemPaint(int row, int column) {
                PairedWindows.Model m = models.get(column);
                return ModelStyle.of(m.variant()).fill(m.config());
            }
        };
        CellBars.flat(barRenderer, 0.09);
        LineAndShapeRenderer dotRenderer = new LineAndShapeRenderer(false, true);
        for (int i = 0; i < runs; i++) {
            dotRenderer.setSeriesPaint(i, Color.DARK_GRAY);
            dotRenderer.setSeriesShape(i, new Ellipse2D.Double(-3.5, -3.5, 7, 7));
            dotRenderer.setSeriesOutlinePaint(i, Color.WHITE);
        }
        dotRenderer.setUseOutlinePaint(true);
        dotRenderer.setDrawOutlines(true);
        CategoryPlot plot = new CategoryPlot(dots, x, y, dotRenderer);
        plot.setDataset(1, bars);
        plot.setRenderer(1, barRenderer);
        plot.setDatasetRenderingOrder(DatasetRenderingOrder.REVERSE); // the bars under the dots
        // behind the bars and dots, told apart in the legend: a label on the line would hide a dot
        plot.addRangeMarker(new ValueMarker(1, ModelStyle.GREY, ModelStyle.guide()), Layer.BACKGROUND);
        plot.addRangeMarker(new ValueMarker(0.9, ModelStyle.GREY, ModelStyle.guide()), Layer.BACKGROUND);
        LegendItemCollection legend = new LegendItemCollection();
        LegendItem bar = new LegendItem(runs > 1 ? "the runs pooled (the model's colour)" : "the model's colour",
                ModelStyle.everyColour());
        bar.setShape(new Rectangle2D.Double(-5, -5, 10, 10));
        legend.add(bar);
        if (runs > 1) {
            legend.add(new LegendItem("one run (the mean of its pairs)", null, null, null, new Ellipse2D.Double(-3.5, -3.5, 7, 7),
                    Color.DARK_GRAY));
        }
        legend.add(new LegendItem(String.format(Locale.ROOT, "1 and 0.9 × the successes at %,d clients", first.clients()), null,
                null, null, new Line2D.Double(-8, 0, 8, 0), ModelStyle.guide(), ModelStyle.GREY));
        plot.setFixedLegendItems(legend);
        String title = String.format(Locale.ROOT, "Successes at %,d clients × at %,d, seconds later on the same JVM", first.pairedClients(),
                first.clients()) + (runs > 1 ? String.format(Locale.ROOT, " · %d runs", runs) : "") + " · "
                + first.facet().withBackend(drivers ? backends(models) : first.facet().backend()).describe();
        return Charts.finish(title, plot);
    }

    /** "PostgreSQL" when every model ran on it (JDBC, R2DBC or the Vert.x client), else the backends' names. */
    private static String backends(List<PairedWindows.Model> models) {
        List<String> backends = models.stream().map(m -> m.facet().backend()).distinct().toList();
        return Stream.of("pg", "r2dbc").toList().containsAll(backends) ? "PostgreSQL" : String.join(", ", backends);
    }
}
