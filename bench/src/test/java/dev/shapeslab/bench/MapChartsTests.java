package dev.shapeslab.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYDataset;
import org.testng.annotations.BeforeMethod;
import org.testng.annotations.Test;

/** The map of when a model pays, from a hand-made map.csv (plain, async and vertx; some cells failed). */
public class MapChartsTests {

    private List<CellRows> cells;

    @BeforeMethod
    public void readTheMap() throws IOException {
        cells = CellRows.of(Results.read(BenchSamples.path("data/map.csv"), Results.WindowRow.class));
    }

    @Test
    public void aCellIsWonByTheModelWithTheMostSuccessesAndSaysItsRatioToPlain() {
        assertThat(verdict(0, 10).lines()).containsExactly("vertx", "2.3× plain");
        assertThat(verdict(1000, 10000).lines()).containsExactly("async", "1.9× plain", "vertx failed");
        // plain failed: no ratio to give
        assertThat(verdict(0, 1000).lines()).containsExactly("vertx", "plain failed");
    }

    @Test
    public void modelsWithinFivePercentOfTheWinnerAreATieNamedInTheirUsualOrder() {
        // async 9,000, vertx 9,400: 4 % apart
        WinnerGrid.Verdict close = verdict(100, 1000);
        assertThat(close.tie()).isTrue();
        assertThat(close.lines()).containsExactly("tie: async, vertx", "7.2× plain");
        assertThat(verdict(100, 10).lines()).containsExactly("tie: plain, async, vertx", "1.0× plain");
    }

    @Test
    public void modelsThatReachedClientsOverLatencyTieWhateverTheirOrderWithinAWindowsCount() {
        // 10 clients at 1 s: 10 a second at most; 10.0 and 8.9 differ by 11 %, one request per connection in 10 s
        List<CellRows> atTheIdeal = CellRows.of(List.of(
                RowBuilder.row("plain", 10, 1000).scenario("map").successes(10.0).build(),
                RowBuilder.row("async", 10, 1000).scenario("map").successes(8.9).build(),
                RowBuilder.row("vertx", 10, 1000).scenario("map").successes(9.2).build()));
        assertThat(WinnerGrid.Verdict.of(1000, 10, atTheIdeal).lines().get(0)).isEqualTo("tie: plain, async, vertx");

        // below the ideal, 11 % apart is a win
        List<CellRows> belowIt = CellRows.of(List.of(
                RowBuilder.row("plain", 10000, 1000).scenario("map").successes(5000).build(),
                RowBuilder.row("vertx", 10000, 1000).scenario("map").successes(4450).build()));
        assertThat(WinnerGrid.Verdict.of(1000, 10000, belowIt).lines().get(0)).isEqualTo("plain");
    }

    @Test
    public void aCellWhereEveryModelFailedIsDrawnFailedWithWhy() {
        XYPlot grid = MapCharts.winners(cells).getXYPlot();

        List<WinnerGrid.Cell> drawn = grid.getAnnotations().stream().map(WinnerGrid.Cell.class::cast).toList();
        assertThat(drawn).hasSize(9); // latencies 0, 100, 1000 × clients 10, 1000, 10000
        WinnerGrid.Cell failed = drawn.stream().filter(c -> c.verdict.allFailed()).findFirst().orElseThrow();
        assertThat(failed.verdict.latencyMs()).isEqualTo(1000);
        assertThat(failed.verdict.clients()).isEqualTo(1000);
        assertThat(failed.verdict.lines()).containsExactly("every model failed", "the generator did not finish within 135 s");
        assertThat(drawn.stream().filter(c -> c.verdict.latencyMs() == 0 && c.verdict.clients() == 10000).findFirst()
                .orElseThrow().verdict.lines()).containsExactly("not measured");
    }

    @Test
    public void theRatioPanelsGiveEachModelsSuccessesOverPlainsAtItsBestAndMarkTheFailedCells() {
        JFreeChart chart = MapCharts.ratio(cells);
        List<XYPlot> panels = ((CombinedDomainXYPlot) chart.getXYPlot()).getSubplots();

        assertThat(panels).hasSize(3);
        XYDataset noLatency = panels.get(0).getDataset();
        assertThat(noLatency.getSeriesKey(2)).isEqualTo("vertx");
        assertThat(noLatency.getXValue(2, 0)).isEqualTo(10.0);
        assertThat(noLatency.getYValue(2, 0)).isEqualTo(2.3, within(1e-9));
        assertThat(panels.get(0).getAnnotations()).extracting(a -> ((FailedMark.OnXY) a).label)
                .containsExactly("plain failed: the app died during window measure-1");
        assertThat(panels.get(2).getAnnotations()).hasSize(4);
        assertThat(panels.get(1).getRangeMarkers(org.jfree.chart.ui.Layer.FOREGROUND))
                .extracting(m -> ((org.jfree.chart.plot.ValueMarker) m).getValue()).containsExactly(1.0);
    }

    @Test
    public void theCpuPanelsShareOneLogAxisRange() {
        List<XYPlot> panels = ((CombinedDomainXYPlot) MapCharts.cpu(cells).getXYPlot()).getSubplots();

        assertThat(panels).extracting(p -> p.getRangeAxis().getRange()).containsOnly(panels.get(0).getRangeAxis().getRange());
        assertThat(panels.get(0).getRangeAxis()).isInstanceOf(LogTicks.class);
        assertThat(panels.get(2).getDataset().getYValue(0, 0)).isEqualTo(1332.8);
    }

    @Test
    public void aRunWithMapRowsDrawsTheGridAndBothPanelSets() throws IOException {
        Path dir = Files.createTempDirectory("map-charts");
        List<Results.WindowRow> rows = Results.read(BenchSamples.path("data/map.csv"), Results.WindowRow.class);

        List<Charts.Chart> charts = MapCharts.write(dir, new Charts.Names("chart-", true), rows);

        assertThat(charts).extracting(Charts.Chart::file).containsExactly("chart-winners-map.png", "chart-ratio-map.png",
                "chart-cpu-map.png");
        charts.forEach(c -> assertThat(dir.resolve(c.file())).isNotEmptyFile());
    }

    private WinnerGrid.Verdict verdict(int latencyMs, int clients) {
        return WinnerGrid.Verdict.of(latencyMs, clients, cells.stream()
                .filter(c -> c.facet().latencyMs() == latencyMs && c.clients() == clients).toList());
    }
}
