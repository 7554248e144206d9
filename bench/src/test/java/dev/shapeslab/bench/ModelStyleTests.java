package dev.shapeslab.bench;

import static dev.shapeslab.bench.RowBuilder.row;
import static org.assertj.core.api.Assertions.assertThat;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.List;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.jfree.chart.util.ShapeUtils;
import org.testng.annotations.Test;

/** One colour and one marker per model in every chart, from the Okabe-Ito palette, following the model. */
public class ModelStyleTests {

    @Test
    public void everyModelHasItsOwnOkabeItoColour() {
        assertThat(ModelStyle.of("plain").colour()).isEqualTo(new Color(0x00, 0x00, 0x00));
        assertThat(ModelStyle.of("rxjava").colour()).isEqualTo(new Color(0xE6, 0x9F, 0x00));
        assertThat(ModelStyle.of("async").colour()).isEqualTo(new Color(0x00, 0x72, 0xB2));
        assertThat(ModelStyle.of("virtual").colour()).isEqualTo(new Color(0x00, 0x9E, 0x73));
        assertThat(ModelStyle.of("webflux").colour()).isEqualTo(new Color(0xD5, 0x5E, 0x00));
        assertThat(ModelStyle.of("vertx").colour()).isEqualTo(new Color(0xCC, 0x79, 0xA7));
        // Okabe-Ito's yellow (#F0E442) vanishes on white
        assertThat(ModelStyle.MODELS).extracting(ModelStyle::colour).doesNotContain(new Color(0xF0, 0xE4, 0x42));
    }

    @Test
    public void everyModelHasItsOwnMarker() {
        assertThat(ModelStyle.of("plain").marker()).isInstanceOf(java.awt.geom.Ellipse2D.class);
        assertThat(ModelStyle.of("rxjava").marker()).isInstanceOf(java.awt.geom.Rectangle2D.class);
        assertThat(ShapeUtils.equal(ModelStyle.of("async").marker(), ShapeUtils.createUpTriangle(5.5f))).isTrue();
        assertThat(ShapeUtils.equal(ModelStyle.of("virtual").marker(), ShapeUtils.createDiamond(5.5f))).isTrue();
        assertThat(ShapeUtils.equal(ModelStyle.of("webflux").marker(), ShapeUtils.createDownTriangle(5.5f))).isTrue();
        // a star: ten corners, not the X of a failed cell
        java.awt.geom.PathIterator star = ModelStyle.of("vertx").marker().getPathIterator(null);
        int corners = 0;
        for (double[] point = new double[6]; !star.isDone(); star.next()) {
            corners += star.currentSegment(point) == java.awt.geom.PathIterator.SEG_CLOSE ? 0 : 1;
        }
        assertThat(corners).isEqualTo(10);
        for (int i = 0; i < ModelStyle.MODELS.size(); i++) {
            for (int j = i + 1; j < ModelStyle.MODELS.size(); j++) {
                assertThat(ShapeUtils.equal(ModelStyle.MODELS.get(i).marker(), ModelStyle.MODELS.get(j).marker())).isFalse();
            }
        }
    }

    @Test
    public void aLineTakesItsModelsStyleWhateverItsPlaceAndAsShippedIsDashed() {
        XYPlot plot = ClientCharts.throughput(CellRows.of(List.of(
                row("vertx", 100, 100).successes(990).build(), row("vertx", 1000, 100).successes(9600).build(),
                row("vertx", 100, 100).shipped().successes(980).build(),
                row("vertx", 1000, 100).shipped().successes(9500).build()))).getXYPlot();

        XYItemRenderer renderer = plot.getRenderer();
        assertThat(plot.getDataset().getSeriesKey(0)).isEqualTo("vertx at its best");
        assertThat(plot.getDataset().getSeriesKey(1)).isEqualTo("vertx as shipped");
        assertThat(renderer.getSeriesPaint(0)).isEqualTo(new Color(0xCC79A7));
        assertThat(renderer.getSeriesPaint(1)).isEqualTo(new Color(0xCC79A7));
        assertThat(ShapeUtils.equal(renderer.getSeriesShape(0), ModelStyle.of("vertx").marker())).isTrue();
        assertThat(((BasicStroke) renderer.getSeriesStroke(0)).getDashArray()).isNull();
        assertThat(((BasicStroke) renderer.getSeriesStroke(1)).getDashArray()).isNotNull();
    }

    @Test
    public void whatIsNoModelIsGrey() {
        assertThat(ModelStyle.of("clients ÷ latency").colour()).isEqualTo(ModelStyle.GREY);
        XYPlot plot = ClientCharts.throughput(CellRows.of(List.of(row("async", 100, 100).successes(990).build(),
                row("async", 1000, 100).successes(9000).build()))).getXYPlot();
        assertThat(plot.getDataset().getSeriesKey(1)).isEqualTo("clients ÷ latency (100 ms)");
        assertThat(plot.getRenderer().getSeriesPaint(1)).isEqualTo(ModelStyle.GREY);
    }
}
