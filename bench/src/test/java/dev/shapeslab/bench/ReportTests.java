package dev.shapeslab.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.testng.annotations.AfterMethod;
import org.testng.annotations.BeforeMethod;
import org.testng.annotations.Test;

/** The summary of a real run directory (two cells, committed as test data). */
public class ReportTests {

    private Path run;

    @BeforeMethod
    public void copySampleRun() throws IOException {
        run = Files.createTempDirectory("bench-run");
        Path sample = BenchSamples.path("run");
        try (Stream<Path> files = Files.walk(sample)) {
            for (Path f : files.toList()) {
                Path target = run.resolve(sample.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }

    @AfterMethod(alwaysRun = true)
    public void deleteRun() throws IOException {
        try (Stream<Path> files = Files.walk(run)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
    }

    @Test
    public void showsCpuPerRequestOfAppDatabaseAndGeneratorAsMedianAndRange() throws IOException {
        assertThat(Report.write(run)).isTrue();
        String md = Files.readString(run.resolve("summary.md"));

        // mixed on H2: app 5,336 / 3,928 / 3,681 µs per request in the three windows, H2 2,469 / 2,155 / 1,754
        assertThat(md).contains("| plain | h2 | mixed | 16 | 0 ms | 325 (252–365) | 1.00 | ")
                .contains("| 3928 (3681–5336) | 2155 (1754–2469) | 85 (81–86) |");
        assertThat(md).contains("bench/compare.sh --scenarios slow-backend,mixed --variants plain");
    }

    @Test
    public void flagsCellsThatAreNotSettledOrWhoseWindowsDisagree() throws IOException {
        Report.write(run);
        String md = Files.readString(run.resolve("summary.md"));

        assertThat(md).contains("not settled: app CPU/request of the last warm-up windows still differ after 10 s")
                .contains("windows disagree: app CPU/request spread 42 %");
    }

    @Test
    public void aWarmUpHasSettledWhenItsLastThreeWindowsAgree() {
        assertThat(Report.settled(List.of(1111.0, 323.0), 10)).isFalse();
        assertThat(Report.settled(List.of(1111.0, 323.0, 179.0), 10)).isFalse();
        // a plateau and a new fall (measured: 879, 607, 399 µs after three windows of 30 s that looked flat)
        assertThat(Report.settled(List.of(900.0, 880.0, 870.0, 607.0), 10)).isFalse();
        assertThat(Report.settled(List.of(900.0, 880.0, 870.0), 10)).isTrue();
        assertThat(Report.settled(List.of(1111.0, 323.0, 179.0, 190.0, 185.0), 10)).isTrue();
        assertThat(Report.settled(List.of(1111.0, 323.0, 179.0, 200.0, 185.0), 10)).isFalse();
    }

    @Test
    public void aWarmUpWhoseLastThreeWindowsAgreeWhileTheyFallHasNotSettled() {
        // within 10 % of each other, but 8 % down from the first to the last: still compiling
        assertThat(Report.settled(List.of(1000.0, 960.0, 920.0), 10)).isFalse();
        // the same windows in another order: noise, not a fall
        assertThat(Report.settled(List.of(960.0, 920.0, 1000.0), 10)).isTrue();
        // down 4 %, within half the band
        assertThat(Report.settled(List.of(1000.0, 980.0, 960.0), 10)).isTrue();
        // rising is no compiling: the first below the last passes as before
        assertThat(Report.settled(List.of(920.0, 960.0, 1000.0), 10)).isTrue();
    }

    @Test
    public void reportsTheOpenModelAndTheJfrWindowApart() throws IOException {
        Report.write(run);
        String md = Files.readString(run.resolve("summary.md"));

        assertThat(md).contains("| plain | h2 | mixed | 16 | 0 ms | 163 (50 % of knee) | 163 | 7.9 | 24.8 | 40.5 |");
        assertThat(md).contains("## Observer effect");
    }

    @Test
    public void aWindowWhoseFiguresCannotBeReadFailsItsCellLoudly() throws IOException {
        Path window = run.resolve("cells/002-mixed-plain-h2-mixed-c16/measure-2.out");
        Files.writeString(window, Files.readString(window).replaceAll("(?m)^.*requests in.*$", ""));

        assertThat(Report.write(run)).isFalse();
        String md = Files.readString(run.resolve("summary.md"));
        assertThat(md).contains("## Failed cells")
                .contains("`002-mixed-plain-h2-mixed-c16`: measure-2: unreadable wrk output: no 'N requests in T' line");
        assertThat(md).doesNotContain("| plain | h2 | mixed | 16 | 0 ms | 3");
    }

    @Test
    public void resultsCsvHasOneRowPerMeasuredWindow() throws IOException {
        Path mixed = run.resolve("cells/002-mixed-plain-h2-mixed-c16");
        Files.copy(BenchSamples.path("prometheus-after.txt"), mixed.resolve("measure-1.prom-after"));
        Files.writeString(mixed.resolve("cell.properties"), Files.readString(mixed.resolve("cell.properties"))
                + "db_delay_ms=20\n");
        Report.write(run);

        List<Results.WindowRow> rows = Results.read(run.resolve(Results.RESULTS), Results.WindowRow.class);
        // per cell: 3 measured windows, one open-model window and the JFR window; no warm-up
        assertThat(rows).hasSize(10);
        assertThat(rows).extracting(Results.WindowRow::window).doesNotContain("warmup-1", "warmup-2");
        Results.WindowRow first = rows.stream().filter(r -> r.scenario().equals("mixed") && r.window().equals("measure-1"))
                .findFirst().orElseThrow();
        assertThat(first.variant()).isEqualTo("plain");
        assertThat(first.backend()).isEqualTo("h2");
        assertThat(first.clients()).isEqualTo(16);
        assertThat(first.kind()).isEqualTo("closed");
        assertThat(first.rate()).isNull();
        assertThat(first.reqPerSecond()).isEqualTo(252.0); // 1,280 requests in 5.08 s
        assertThat(first.p50Ms()).isEqualTo(58.61);
        assertThat(first.p99Ms()).isEqualTo(158.5);
        assertThat(first.errors()).isZero();
        assertThat(first.appMicros()).isEqualTo(5336.0, within(1.0));
        assertThat(first.dbMicros()).isEqualTo(2469.0, within(1.0));
        assertThat(first.heapMax()).isEqualTo("1g");
        assertThat(first.peakRssMib()).isEqualTo(931.4);
        assertThat(first.dbDelayMs()).isEqualTo(20);
        assertThat(first.dbPool()).as("Hikari's maximum, from the window's scrape").isEqualTo(10);
        assertThat(first.stealShare()).as("3 of the window's 1,020 ticks").isEqualTo(0.0029);
        assertThat(rows.stream().filter(r -> r.backend().equals("stub")).map(Results.WindowRow::dbPool))
                .as("the stub has no pool").containsOnlyNulls();
        Results.WindowRow open = rows.stream().filter(r -> r.scenario().equals("mixed") && r.kind().equals("open"))
                .findFirst().orElseThrow();
        assertThat(open.rate()).isEqualTo(162.8);
        assertThat(open.p999Ms()).isEqualTo(40.503);
        assertThat(open.errorsByStatus()).isEmpty();
        assertThat(Files.readString(run.resolve(Results.RESULTS))).startsWith(
                "commit,scenario,variant,backend,workload,clients,latency_ms,repeat,window,kind,generator,rate,req_s,");
    }

    /** The committed data of earlier runs has no steal column: its rows read with none, their other figures whole. */
    @Test
    public void aResultsCsvWrittenBeforeStealWasKeptReadsWithoutIt() throws IOException {
        Report.write(run);
        Path csv = run.resolve(Results.RESULTS);
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines.get(0)).endsWith(",server,steal_share");
        Path older = run.resolve("older.csv");
        Files.write(older, lines.stream().map(line -> line.substring(0, line.lastIndexOf(','))).toList());

        List<Results.WindowRow> now = Results.read(csv, Results.WindowRow.class);
        List<Results.WindowRow> before = Results.read(older, Results.WindowRow.class);
        assertThat(before).extracting(Results.WindowRow::stealShare).containsOnlyNulls();
        assertThat(before).extracting(Results.WindowRow::server).isEqualTo(now.stream().map(Results.WindowRow::server).toList());
        assertThat(before).extracting(Results.WindowRow::appMicros)
                .isEqualTo(now.stream().map(Results.WindowRow::appMicros).toList());
    }

    @Test
    public void pairedWindowsAreRowsAtThePairedClientsAndATableOfRatiosButNotTheCellsFigures() throws IOException {
        Path mixed = run.resolve("cells/002-mixed-plain-h2-mixed-c16");
        for (String[] copy : new String[][] {{"measure-1", "paired-1"}, {"measure-2", "paired-2"}, {"measure-3", "paired-warmup"}}) {
            for (String ext : new String[] {".out", ".cpu"}) {
                Files.copy(mixed.resolve(copy[0] + ext), mixed.resolve(copy[1] + ext));
            }
        }
        Files.writeString(mixed.resolve("cell.properties"), Files.readString(mixed.resolve("cell.properties"))
                + "paired_connections=64\n");
        Report.write(run);

        List<Results.WindowRow> rows = Results.read(run.resolve(Results.RESULTS), Results.WindowRow.class);
        List<Results.WindowRow> paired = rows.stream().filter(r -> "paired".equals(r.kind())).toList();
        assertThat(paired).extracting(Results.WindowRow::window).containsExactly("paired-1", "paired-2");
        assertThat(paired).extracting(Results.WindowRow::clients).containsOnly(64);
        assertThat(paired.get(0).reqPerSecond()).isEqualTo(252.0); // measure-1's figures, copied
        List<CellRows> cells = CellRows.of(rows);
        assertThat(cells).noneMatch(c -> c.clients() == 64);
        assertThat(cells).filteredOn(c -> c.clients() == 16 && c.measured().stream().anyMatch(r -> r.backend().equals("h2")))
                .singleElement().satisfies(c -> assertThat(c.measured()).hasSize(3));
        String md = Files.readString(run.resolve("summary.md"));
        // measure-1 and measure-2 beside copies of themselves; measure-3 has no pair, and no part in the means
        assertThat(md).contains("## Paired windows").contains(
                "| 002-mixed-plain-h2-mixed-c16 | 16 | 252, 325 | 64 | 252, 325 | 1.00, 1.00 | 1.000 | 5336, 3928 → 5336, 3928 "
                        + "| 0, 0 → 0, 0 |"); // the hypervisor took 3 of 1,020 ticks, then 2 of 1,024
    }

    @Test
    public void chartsAndAnIndexPageAreWrittenBesideTheSummary() throws IOException {
        Report.write(run);

        for (String scenario : List.of("slow-backend", "mixed")) {
            for (String chart : List.of("throughput", "latency", "cpu")) {
                Path png = run.resolve("chart-" + chart + "-" + scenario + ".png");
                assertThat(png).isNotEmptyFile();
                assertThat(Files.readAllBytes(png)).startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
            }
        }
        String html = Files.readString(run.resolve("index.html"));
        assertThat(html).contains("<img src=\"chart-throughput-mixed.png\"", "<img src=\"chart-cpu-slow-backend.png\"",
                "<a href=\"results.csv\">", "<h2>mixed</h2>", "<th>app µs/req</th>",
                "<td>plain</td><td>h2</td><td>mixed</td><td>16</td><td>0 ms</td><td>325 (252–365)</td>");
    }

    @Test
    public void theIndexPageShowsEveryChartOfTheRunFromBesideItWithNothingFromTheNetwork() throws IOException {
        Report.write(run);
        String html = Files.readString(run.resolve("index.html"));

        List<String> pngs;
        try (Stream<Path> files = Files.list(run)) {
            pngs = files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".png")).sorted().toList();
        }
        assertThat(pngs).isNotEmpty();
        for (String png : pngs) {
            assertThat(html).contains("<img src=\"" + png + "\"");
        }
        java.util.regex.Matcher sources = java.util.regex.Pattern.compile("(?:src|href)=\"([^\"]+)\"").matcher(html);
        while (sources.find()) {
            String target = sources.group(1);
            assertThat(target).as("a relative path").doesNotContain("://").doesNotStartWith("/");
            assertThat(run.resolve(target)).as(target).exists();
        }
    }

    @Test
    public void aCellThatFailedBecauseTheAppRanOutOfHeapSaysSoThoughOnlyTheGeneratorSawIt() throws IOException {
        Path cell = Files.createDirectories(run.resolve("cells/009-out-of-heap"));
        java.util.Properties props = new java.util.Properties();
        props.setProperty("status", "failed");
        props.setProperty("error", "window warmup-2: the generator completed no request");
        RecordFiles.write(cell.resolve("cell.json"), props);
        Files.writeString(cell.resolve("app.log"), "Exception in thread \"http-nio-exec-3\" java.lang.OutOfMemoryError: Java heap space\n");

        Report.Cell loaded = Report.Cell.load(cell, 100);

        assertThat(loaded.error).startsWith("window warmup-2: the generator completed no request")
                .contains("java.lang.OutOfMemoryError");
        assertThat(CellRows.shortReason(loaded.error)).isEqualTo("out of memory");
    }
}
