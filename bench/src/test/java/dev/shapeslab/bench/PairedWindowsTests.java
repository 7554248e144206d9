package dev.shapeslab.bench;

import static dev.shapeslab.bench.RowBuilder.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.data.category.CategoryDataset;
import org.testng.annotations.Test;

/** --paired: each model's successes at the paired clients over those at its cell's, window beside window, run by run. */
public class PairedWindowsTests {

    /** A cell's measured windows at {@code clients}, then its paired windows at 5,000, as a run writes them. */
    private static List<Results.WindowRow> cell(String variant, String backend, int repeat, int clients, double[] at,
                                                double[] paired) {
        List<Results.WindowRow> rows = new ArrayList<>();
        for (int i = 0; i < at.length; i++) {
            rows.add(row(variant, clients, 0).backend(backend).repeat(repeat).window("measure-" + (i + 1)).successes(at[i])
                    .app(300).build());
        }
        for (int i = 0; i < paired.length; i++) {
            rows.add(row(variant, 5000, 0).backend(backend).repeat(repeat).window("paired-" + (i + 1)).successes(paired[i])
                    .app(400).build());
        }
        return rows;
    }

    @Test
    public void aPairedWindowBelongsToTheCellWhoseMeasuredWindowsItFollowed() {
        List<Results.WindowRow> rows = new ArrayList<>(cell("plain", "pg", 1, 1000, new double[] {1000, 2000},
                new double[] {900, 1900}));
        rows.addAll(cell("plain", "pg", 1, 2000, new double[] {3000}, new double[] {1500}));
        rows.addAll(cell("plain", "pg", 1, 16, new double[] {500}, new double[0]));

        List<PairedWindows.Model> models = PairedWindows.of(rows);

        assertThat(models).extracting(PairedWindows.Model::clients).containsExactly(1000, 2000);
        assertThat(models).extracting(PairedWindows.Model::pairedClients).containsOnly(5000);
        PairedWindows.Run run = models.get(0).runs().get(0);
        assertThat(run.ratio()).isEqualTo(2800.0 / 3000, within(1e-9));
        assertThat(run.pairRatios()).containsExactly(0.9, 0.95);
        assertThat(models.get(1).runs().get(0).ratio()).isEqualTo(0.5);
    }

    @Test
    public void aWindowWithoutItsPairIsLeftOutOfTheRatio() {
        // the run stopped after measure-2, before paired-2
        List<PairedWindows.Model> models = PairedWindows.of(cell("async", "pg", 1, 1000, new double[] {1000, 4000},
                new double[] {800}));

        assertThat(models.get(0).runs().get(0).ratio()).isEqualTo(0.8);
    }

    @Test
    public void runsArePooledWindowByWindowAndEachKeepsItsOwnRatio() {
        List<Results.WindowRow> rows = new ArrayList<>(cell("vertx", "pg", 1, 1000, new double[] {1000}, new double[] {1000}));
        rows.addAll(cell("vertx", "pg", 2, 1000, new double[] {3000}, new double[] {2400}));

        PairedWindows.Model model = PairedWindows.of(rows).get(0);

        assertThat(model.runs()).extracting(PairedWindows.Run::ratio).containsExactly(1.0, 0.8);
        assertThat(model.pooled()).isEqualTo(3400.0 / 4000, within(1e-9));
    }

    @Test
    public void aRefusalsCostIsTheAppsCpuBeyondWhatItsSuccessesCostInTheWindowBefore() {
        List<Results.WindowRow> rows = List.of(row("plain", 1000, 0).backend("pg").successes(1000).app(300).build(),
                // 2,000 answers a second, 1,000 of them 503s, at 250 µs each: 500 ms of CPU a second, 300 for the successes
                row("plain", 5000, 0).backend("pg").window("paired-1").answers(2000, 1000).app(250).build());

        PairedWindows.Model model = PairedWindows.of(rows).get(0);

        assertThat(model.appPerRefusal()).isEqualTo(200.0, within(1e-9));
        assertThat(model.pairedRefusals()).isEqualTo(1000.0, within(1e-9));
        assertThat(model.appPerSuccess(true)).isEqualTo(500.0, within(1e-9));
    }

    @Test
    public void theChartHasABarPerModelAndDriverAndADotPerRun() {
        List<Results.WindowRow> rows = new ArrayList<>(cell("async", "pg", 1, 1000, new double[] {1000}, new double[] {900}));
        rows.addAll(cell("async", "r2dbc", 1, 1000, new double[] {1000}, new double[] {1100}));
        rows.addAll(cell("async", "pg", 2, 1000, new double[] {1000}, new double[] {700}));
        rows.addAll(cell("vertx", "pg", 1, 1000, new double[] {2000}, new double[] {1900}));
        List<PairedWindows.Model> models = PairedWindows.of(rows);

        assertThat(PairedWindows.byExperiment(models)).hasSize(1);
        JFreeChart chart = PairedChart.chart(models);
        CategoryPlot plot = chart.getCategoryPlot();
        CategoryDataset dots = plot.getDataset(0);
        CategoryDataset bars = plot.getDataset(1);

        assertThat(bars.getColumnKeys()).containsExactly("async, JDBC", "async, R2DBC",
                "vertx, Vert.x client");
        assertThat(bars.getValue("pooled", "async, JDBC").doubleValue()).isEqualTo(0.8, within(1e-9));
        assertThat(dots.getRowKeys()).containsExactly("run 1", "run 2");
        assertThat(dots.getValue("run 2", "async, JDBC").doubleValue()).isEqualTo(0.7, within(1e-9));
        assertThat(dots.getValue("run 2", "async, R2DBC")).isNull();
        assertThat(chart.getTitle().getText()).startsWith("Successes at 5,000 clients × at 1,000").contains("2 runs")
                .contains("PostgreSQL");
    }

    @Test
    public void theTableGivesEachRunsMeansItsRatioThePooledOneAndTheCodeOfEachRun() {
        List<Results.WindowRow> rows = new ArrayList<>(cell("plain", "pg", 1, 1000, new double[] {2000, 2200},
                new double[] {1800, 2200}));
        rows.addAll(cell("plain", "pg", 2, 1000, new double[] {2500}, new double[] {2500}));

        String md = PairedTable.markdown(rows);

        assertThat(md).contains("| variant | driver | server | successes/s at 1,000 clients, run by run | at 5,000 | × run by run |")
                .contains("| `plain` | JDBC | Tomcat | 2,100; 2,500 | 2,000; 2,500 | 0.952; 1.000 | **0.970** | 0.90–1.00 | 0 | 300 → 400 | – | –, –, 20 | `test` |")
                .contains("`docs/data/slow-database-paired.csv`");
    }

    @Test
    public void aRunWithPairedWindowsGetsItsPairedChartAndRedrawWritesTheTable() throws IOException {
        Path root = Files.createTempDirectory("paired");
        Files.createDirectories(root.resolve("docs/data"));
        List<Results.WindowRow> rows = new ArrayList<>(cell("plain", "pg", 1, 1000, new double[] {2000}, new double[] {1900}));
        Results.write(root.resolve("docs/data/slow-database-paired.csv"), Results.WindowRow.class, rows);
        Files.writeString(root.resolve("docs/results.md"), "before\n" + PairedTable.START + "\nold\n" + PairedTable.END + "\nafter\n");

        List<String> done = Redraw.redraw(root);

        assertThat(root.resolve("docs/charts/slow-database-paired-paired.png")).isNotEmptyFile();
        assertThat(Files.readString(root.resolve("docs/results.md"))).startsWith("before\n" + PairedTable.START + "\n| variant |")
                .contains("| `plain` | JDBC | Tomcat | 2,000 | 1,900 | 0.950 | **0.950** |").endsWith(PairedTable.END + "\nafter\n");
        assertThat(done).contains("docs/results.md: paired table written");
    }
}
