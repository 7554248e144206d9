package dev.shapeslab.bench;

import static dev.shapeslab.bench.RowBuilder.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.xy.XYDataset;
import org.testng.annotations.Test;

/** The charts of a scenario, drawn from rows of results.csv as a run and the redraw both draw them. */
public class ChartsTests {

    @Test
    public void theThroughputChartDrawsClientsOverLatencyBesideTheModels() {
        XYDataset data = ClientCharts.throughput(CellRows.of(List.of(row("async", 100, 100).successes(900).build(),
                row("async", 1000, 100).successes(8000).build()))).getXYPlot().getDataset();

        assertThat(data.getSeriesCount()).isEqualTo(2);
        assertThat(data.getSeriesKey(0)).isEqualTo("async");
        assertThat(data.getYValue(0, 0)).isEqualTo(900.0);
        assertThat(data.getSeriesKey(1)).isEqualTo("clients ÷ latency (100 ms)");
        assertThat(data.getYValue(1, 1)).isEqualTo(10_000.0);
    }

    @Test
    public void theThroughputChartCountsOnlyTheRequestsServed() {
        // 900 answers a second, 600 of them 503s
        XYDataset data = ClientCharts.throughput(CellRows.of(List.of(row("plain", 100, 100).successes(1000).build(),
                row("plain", 1000, 100).answers(900, 300).build()))).getXYPlot().getDataset();

        assertThat(data.getYValue(0, 1)).isEqualTo(300.0);
    }

    @Test
    public void clientsGoOnALogAxisLabelledWithEveryClientCountMeasured() {
        XYPlot plot = ClientCharts.throughput(CellRows.of(List.of(row("async", 200, 100).build(),
                row("async", 1000, 100).build(), row("async", 5000, 100).build()))).getXYPlot();

        assertThat(plot.getDomainAxis()).isInstanceOf(org.jfree.chart.axis.LogAxis.class);
        assertThat(((LogTicks) plot.getDomainAxis()).ticks()).containsExactly(200.0, 1000.0, 5000.0);
    }

    @Test
    public void aSweepDrawsEachModelsP99AgainstItsClientsAndRingsTheCellsThatAnsweredErrors() {
        List<CellRows> cells = CellRows.of(List.of(row("async", 1000, 100).p99(150).build(),
                row("async", 5000, 100).answers(5000, 4000).p99(1400).build(), row("plain", 1000, 100).p99(90).build()));

        assertThat(ClientCharts.sweeps(cells.subList(0, 1))).isFalse();
        assertThat(ClientCharts.sweeps(cells)).isTrue();
        XYDataset data = ClientCharts.p99(cells).getXYPlot().getDataset();
        assertThat(data.getSeriesKey(0)).isEqualTo("plain");
        assertThat(data.getSeriesKey(1)).isEqualTo("async");
        assertThat(data.getItemCount(1)).isEqualTo(2);
        assertThat(data.getYValue(1, 1)).isEqualTo(1400.0);
        assertThat(data.getSeriesKey(2)).isEqualTo("answered errors");
        assertThat(data.getItemCount(2)).isEqualTo(1);
        assertThat(data.getXValue(2, 0)).isEqualTo(5000.0);
    }

    @Test
    public void theCpuChartGivesEachProcesssCpuPerSuccessAndStacksTheDelayProxyWhenACellHadOne() {
        // 2,000 answers a second, 1,000 of them 2xx: every process's CPU per request counts twice per success
        CategoryDataset data = CellBars.cpu(CellRows.of(List.of(row("async", 1000, 0).answers(2000, 1000).app(900).db(450)
                .proxy(190).build()))).getCategoryPlot().getDataset();

        assertThat(data.getRowKeys()).containsExactly("app", "database server", "generator", "delay proxy");
        assertThat(data.getValue("app", "async").doubleValue()).isEqualTo(1800.0, within(1e-9));
        assertThat(data.getValue("database server", "async").doubleValue()).isEqualTo(900.0, within(1e-9));
        assertThat(data.getValue("delay proxy", "async").doubleValue()).isEqualTo(380.0, within(1e-9));
    }

    @Test
    public void aFailedCellIsARedXAtItsClientsWithItsReasonNeverAGap() {
        JFreeChart chart = ClientCharts.throughput(CellRows.of(List.of(row("async", 1000, 100).successes(9000).build(),
                row("async", 10000, 100).failed("the app died during window measure-1: java.lang.OutOfMemoryError: Java heap space")
                        .build(), row("virtual", 10000, 100).failed("the app died during window measure-1 (see app.log)").build(),
                row("virtual", 1000, 100).failed("the app did not answer 200").build())));
        XYPlot plot = chart.getXYPlot();

        List<FailedMark.OnXY> marks = plot.getAnnotations().stream().map(FailedMark.OnXY.class::cast).toList();
        assertThat(marks).extracting(m -> m.label).containsExactly("async failed: out of memory",
                "virtual failed: the app did not answer 200", "virtual failed: the app died during window measure-1");
        assertThat(marks).extracting(m -> m.x).containsExactly(10000.0, 1000.0, 10000.0);
        assertThat(marks).extracting(m -> m.slot).containsExactly(0, 0, 1);
        // a model that failed everywhere has no empty line in the legend; the marks have an entry of their own
        LegendItemCollection legend = plot.getLegendItems();
        List<String> labels = new java.util.ArrayList<>();
        for (int i = 0; i < legend.getItemCount(); i++) {
            labels.add(legend.get(i).getLabel());
        }
        assertThat(labels).containsExactly("async", "clients ÷ latency (100 ms)", "failed cell");
    }

    @Test
    public void aFailedCellKeepsItsPlaceAmongTheBars() {
        JFreeChart chart = CellBars.throughput(CellRows.of(List.of(row("plain", 10000, 1000).failed("the app died").build(),
                row("vertx", 10000, 1000).successes(9652).build())));

        assertThat(chart.getCategoryPlot().getDataset().getColumnKeys()).containsExactly("plain", "vertx");
        assertThat(chart.getCategoryPlot().getAnnotations()).containsExactly(new FailedMark.OnCategory("plain", "failed: the app died"));
    }

    @Test
    public void aTitleSaysWhatWasMeasuredAndInWhichExperiment() {
        JFreeChart sweep = ClientCharts.throughput(CellRows.of(List.of(row("async", 1000, 100).build(),
                row("async", 10000, 100).build())));
        JFreeChart cell = CellBars.cpu(CellRows.of(List.of(row("async", 1000, 100).shipped().build())));

        assertThat(sweep.getTitle().getText()).isEqualTo(
                "Successful requests/s against clients · stub, 100 ms latency · GET a circle by id · 2 GB heap · each model at its best");
        assertThat(cell.getTitle().getText()).isEqualTo(
                "CPU per successful request at 1,000 clients · stub, 100 ms latency · GET a circle by id · 2 GB heap · as shipped");
    }

    @Test
    public void eachExperimentOfAScenarioGetsChartsOfItsOwn() throws IOException {
        Path dir = Files.createTempDirectory("charts");
        List<Results.WindowRow> rows = List.of(row("plain", 16, 0).build(), row("async", 16, 0).build(),
                row("plain", 16, 100).build(), row("async", 16, 100).build());

        List<Charts.Chart> charts = Charts.draw(dir, new Charts.Names("chart-", true), "slow-backend", rows, SpectrumChart::fromRows);

        assertThat(charts).extracting(Charts.Chart::file).containsExactly("chart-throughput-slow-backend-lat0.png",
                "chart-latency-slow-backend-lat0.png", "chart-cpu-slow-backend-lat0.png",
                "chart-throughput-slow-backend-lat100.png", "chart-latency-slow-backend-lat100.png",
                "chart-cpu-slow-backend-lat100.png");
        charts.forEach(c -> assertThat(dir.resolve(c.file())).isNotEmptyFile());
        assertThat(SpectrumChart.nines(99.9)).isEqualTo(3.0, within(1e-9));
    }
}
