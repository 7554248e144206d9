package dev.shapeslab.bench;

import java.awt.BasicStroke;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.util.List;
import org.jfree.chart.LegendItem;
import org.jfree.chart.annotations.AbstractXYAnnotation;
import org.jfree.chart.annotations.CategoryAnnotation;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.text.TextUtils;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;

/**
 * A cell that failed, drawn where its point or bar would have been: a red X at its clients (or its bar), at the foot
 * of the plot since it has no figure, labelled "async failed: out of memory". A chart never leaves a failed cell out
 * silently: a reader would take the gap for a cell nobody ran, or read a line through it as measured.
 */
final class FailedMark {

    private static final Font FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
    private static final double ARM = 5;

    private FailedMark() {
    }

    /** "async failed: out of memory" */
    static String label(CellRows cell, boolean bothConfigs) {
        return cell.label(bothConfigs) + " failed: " + cell.reason();
    }

    /** On an XY plot: at x = the cell's clients; several at one x stack upwards ({@code slot}). */
    static final class OnXY extends AbstractXYAnnotation {
        final double x;
        final int slot;
        final String label;

        OnXY(double x, int slot, String label) {
            this.x = x;
            this.slot = slot;
            this.label = label;
        }

        @Override
        public void draw(Graphics2D g2, XYPlot plot, Rectangle2D dataArea, ValueAxis domainAxis, ValueAxis rangeAxis,
                         int rendererIndex, PlotRenderingInfo info) {
            RectangleEdge edge = Plot.resolveDomainAxisLocation(plot.getDomainAxisLocation(), plot.getOrientation());
            double jx = domainAxis.valueToJava2D(x, dataArea, edge);
            double jy = dataArea.getMaxY() - 10 - slot * 16;
            cross(g2, jx, jy);
            // to the right of its X, or to the left in the right half, so that the label stays inside the plot
            boolean right = jx < dataArea.getCenterX();
            g2.setFont(FONT);
            float tx = (float) (jx + (right ? 1 : -1) * (ARM + 4));
            TextAnchor anchor = right ? TextAnchor.CENTER_LEFT : TextAnchor.CENTER_RIGHT;
            // on white, so that a line it crosses does not cross out its words
            Shape bounds = TextUtils.calculateRotatedStringBounds(label, g2, tx, (float) jy, anchor, 0, anchor);
            g2.setPaint(new java.awt.Color(255, 255, 255, 220));
            g2.fill(bounds.getBounds2D());
            g2.setPaint(ModelStyle.FAILED);
            TextUtils.drawAlignedString(label, g2, tx, (float) jy, anchor);
        }
    }

    /** On a bar chart: at the foot of the cell's category, the label reading upwards above the X. */
    record OnCategory(Comparable<?> category, String label) implements CategoryAnnotation {

        @Override
        public void draw(Graphics2D g2, CategoryPlot plot, Rectangle2D dataArea, CategoryAxis domainAxis,
                         ValueAxis rangeAxis) {
            List<?> categories = plot.getCategoriesForAxis(domainAxis);
            int index = categories.indexOf(category);
            if (index < 0) {
                return;
            }
            RectangleEdge edge = Plot.resolveDomainAxisLocation(plot.getDomainAxisLocation(), plot.getOrientation());
            double jx = domainAxis.getCategoryMiddle(index, categories.size(), dataArea, edge);
            double jy = dataArea.getMaxY() - 10;
            cross(g2, jx, jy);
            g2.setFont(FONT);
            TextUtils.drawRotatedString(label, g2, (float) jx, (float) (jy - ARM - 4), TextAnchor.CENTER_LEFT,
                    -Math.PI / 2, TextAnchor.CENTER_LEFT);
        }

        @Override
        public void addChangeListener(org.jfree.chart.event.AnnotationChangeListener listener) {
        }

        @Override
        public void removeChangeListener(org.jfree.chart.event.AnnotationChangeListener listener) {
        }
    }

    /** The legend's entry for the marks, added only to a chart that has one. */
    static LegendItem legendItem() {
        return new LegendItem("failed cell", null, null, null, true, xShape(), false, ModelStyle.FAILED, true,
                ModelStyle.FAILED, new BasicStroke(2.5f), false, xShape(), new BasicStroke(1f), ModelStyle.FAILED);
    }

    private static void cross(Graphics2D g2, double jx, double jy) {
        g2.setPaint(ModelStyle.FAILED);
        g2.setStroke(new BasicStroke(2.5f));
        g2.draw(new Line2D.Double(jx - ARM, jy - ARM, jx + ARM, jy + ARM));
        g2.draw(new Line2D.Double(jx - ARM, jy + ARM, jx + ARM, jy - ARM));
    }

    private static Shape xShape() {
        Path2D.Double x = new Path2D.Double();
        x.moveTo(-ARM, -ARM);
        x.lineTo(ARM, ARM);
        x.moveTo(-ARM, ARM);
        x.lineTo(ARM, -ARM);
        return x;
    }
}
