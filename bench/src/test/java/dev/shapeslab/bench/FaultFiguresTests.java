package dev.shapeslab.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.io.IOException;
import java.io.StringReader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.testng.annotations.AfterMethod;
import org.testng.annotations.BeforeMethod;
import org.testng.annotations.Test;

/**
 * A faults cell's figures from its raw files: a kill drill whose few requests are written out here, each
 * of them a case of the report's definitions, and an overload drill with the real heap samples.
 */
public class FaultFiguresTests {

    private Path run;
    private Path kill;
    private Path overload;

    @BeforeMethod
    public void writeRun() throws IOException {
        run = Files.createTempDirectory("bench-faults");
        Files.writeString(run.resolve("run.properties"), "command=bench/compare.sh --scenarios faults --variants plain\n");
        kill = Files.createDirectories(run.resolve("cells/001-faults-plain-h2-kill-c32"));
        Files.writeString(kill.resolve("cell.properties"), """
                scenario=faults
                variant=plain
                backend=h2
                workload=post-circle
                connections=32
                latency_ms=0
                repeat=1
                fault=kill
                app_heap=512m
                status=ok
                """);
        // the fault at 10 s, the database back at 15 s
        Files.writeString(kill.resolve("drill.properties"), """
                fault=kill
                fault_start_us=10000000
                fault_start_log_bytes=1000
                db_back_us=15000000
                load_end_us=30000000
                load_end_log_bytes=2501000
                peak_rss_kib=630000
                """);
        DrillRecord.write(kill.resolve("requests.tsv"), List.of(
                new DrillRecord(0, 1_000_000, 1_005_000, "201", 1),
                new DrillRecord(1, 9_000_000, 9_010_000, "201", 2),
                // in flight when the server died
                new DrillRecord(2, 9_990_000, 10_020_000, "500", -1),
                // during the fault: one 503 in 0.6 s whose row exists all the same, one unanswered that was stored
                new DrillRecord(3, 10_100_000, 10_700_000, "503", -1),
                new DrillRecord(4, 12_000_000, 12_300_000, "503", -1),
                new DrillRecord(5, 11_000_000, 41_000_000, "timeout", -1),
                // after: a 503, then the first 201 ends 1.3 s after the database is back
                new DrillRecord(6, 15_000_000, 15_200_000, "503", -1),
                new DrillRecord(7, 15_100_000, 16_300_000, "201", 3),
                new DrillRecord(8, 16_400_000, 16_410_000, "201", 4)));
        Files.writeString(kill.resolve("readback.tsv"), "id\tstatus\n1\t200\n2\t200\n3\t404\n4\t503\n");
        Files.write(kill.resolve("stored.txt"), List.of("0", "1", "3", "5", "8"));

        overload = Files.createDirectories(run.resolve("cells/002-faults-plain-stub-overload-c5000-lat100"));
        Files.writeString(overload.resolve("cell.properties"), """
                scenario=faults
                variant=plain
                backend=stub
                workload=post-circle
                connections=5000
                latency_ms=100
                repeat=1
                fault=overload
                app_heap=512m
                status=ok
                """);
        Properties drill = new Properties();
        drill.load(new StringReader("""
                fault=overload
                knee_connections=150
                knee_start_us=13000000
                knee_end_us=28000000
                overload_load_start_us=28235271
                overload_load_start_log_bytes=2285
                overload_start_us=31235271
                overload_end_us=51235271
                load_end_us=53828125
                load_end_log_bytes=5881
                peak_rss_kib=612076
                probe_skipped=3
                """));
        drill.setProperty("errors.SocketException: Connection reset", "3");
        // the real TCP counters, and 10,000 connections and 2,000 accept-queue overflows later
        String tcp = String.join("\n", BenchSamples.lines("proc-net-snmp.txt")) + "\n"
                + String.join("\n", BenchSamples.lines("proc-net-netstat.txt"));
        drill.setProperty("overload_load_start_tcp", tcp);
        drill.setProperty("load_end_tcp", tcp.replace("Tcp: 1 200 120000 -1 254606", "Tcp: 1 200 120000 -1 264606")
                .replace(" 158073 158073 ", " 160073 160073 "));
        // real /proc lines: over 1,000 ticks of the machine, the app spent 600 and the generator 250
        String java = BenchSamples.lines("proc-pid-stat-java.txt").get(0);
        drill.setProperty("overload_load_start_stat_app", java);
        drill.setProperty("load_end_stat_app", java.replace(" 2024 159 ", " 2524 259 "));
        drill.setProperty("overload_load_start_stat_generator", java);
        drill.setProperty("load_end_stat_generator", java.replace(" 2024 159 ", " 2224 209 "));
        drill.setProperty("overload_load_start_stat_machine", "cpu  26024 0 3871 306648 2622 0 133 182 0 0");
        drill.setProperty("load_end_stat_machine", "cpu  26824 0 4071 306648 2622 0 133 182 0 0");
        try (Writer w = Files.newBufferedWriter(overload.resolve("drill.properties"))) {
            drill.store(w, "test");
        }
        // knee: 1,500 creates in its 15 s; overload: 1,200 creates and 4,000 rejections in its 20 s
        List<DrillRecord> knee = new ArrayList<>();
        for (int i = 0; i < 1_500; i++) {
            long end = 13_000_000 + i * 10_000L;
            knee.add(new DrillRecord(i, end - 100_000, end, "201", i));
        }
        knee.add(new DrillRecord(9_999, 5_000_000, 5_100_000, "201", 9_999)); // warm-up: not counted
        DrillRecord.write(overload.resolve("knee.tsv"), knee);
        List<DrillRecord> over = new ArrayList<>();
        for (int i = 0; i < 1_200; i++) {
            long end = 31_300_000 + i * 16_000L;
            over.add(new DrillRecord(10_000 + i, end - 150_000 - (i % 100 == 0 ? 2_000_000 : 0), end, "201", 10_000 + i));
        }
        for (int i = 0; i < 4_000; i++) {
            long end = 31_300_000 + i * 4_000L;
            // 2 % of the rejections waited 1.2 s for a connection; the rest took 5 ms
            over.add(new DrillRecord(20_000 + i, end - (i % 50 == 49 ? 1_200_000 : 5_000), end, "503", -1));
        }
        DrillRecord.write(overload.resolve("overload.tsv"), over);
        // the lone client: 100 rejections in 4 ms but 2 in 80 ms, 100 admitted answers in 105 ms
        List<DrillRecord> probes = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            long start = 31_300_000 + i * 20_000L;
            long millis = i % 2 == 1 ? 105 : i == 10 || i == 20 ? 80 : 4;
            probes.add(new DrillRecord(i, start, start + millis * 1_000, i % 2 == 1 ? "404" : "503", -1));
        }
        DrillRecord.write(overload.resolve("probe.tsv"), probes);
        Files.write(overload.resolve("heap.tsv"), BenchSamples.lines("heap.tsv"));
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
    public void aDatabaseFaultCountsEveryRequestOnceAndReadsWhatWasKept() throws IOException {
        FaultFigures f = FaultFigures.load(kill);

        assertThat(f.before).isEqualTo(Map.of("201", 2L));
        assertThat(f.during).isEqualTo(Map.of("500", 1L, "503", 2L, "timeout", 1L));
        assertThat(f.after).isEqualTo(Map.of("201", 2L, "503", 1L));
        assertThat(f.recoveryMillis).isEqualTo(1300.0, within(0.01));
        assertThat(f.slowestAnswerDuringMillis).isEqualTo(600.0, within(0.01));
        assertThat(f.longest.n()).isEqualTo(5);
        assertThat(f.acknowledged).isEqualTo(4);
        assertThat(f.lost).isEqualTo(1);
        assertThat(f.unverified).isEqualTo(1);
        assertThat(f.storedThoughRejected).isEqualTo(1);
        assertThat(f.unanswered).isEqualTo(1);
        assertThat(f.unansweredStored).isEqualTo(1);
        assertThat(f.logBytes).isEqualTo(2_500_000);
        assertThat(f.unmet()).containsExactly("1 acknowledged writes lost", "1 writes stored though rejected",
                "2.5 MB of log (target ≤ 1 MB)");
    }

    @Test
    public void recoveryIsNeverWithoutA201AfterTheDatabaseIsBack() {
        List<DrillRecord> records = List.of(new DrillRecord(0, 0, 10, "201", 1), new DrillRecord(1, 20, 30, "503", -1));
        assertThat(FaultFigures.recoveryMillis(records, 15)).isNull();
        assertThat(FaultFigures.recoveryMillis(records, 5)).isEqualTo(0.005, within(1e-9));
    }

    @Test
    public void anOverloadComparesGoodputWithTheKneeAndTheRejectionsWithTheirTarget() throws IOException {
        FaultFigures f = FaultFigures.load(overload);

        assertThat(f.kneeGoodput).isEqualTo(100.0, within(0.01));
        assertThat(f.goodput).isEqualTo(60.0, within(0.01));
        assertThat(f.overloadStatuses).isEqualTo(Map.of("201", 1_200L, "503", 4_000L));
        // 5,200 answers in 20 s; latencies: 1,188 x 150 ms + 12 x 2,150 ms + 3,920 x 5 ms + 80 x 1,200 ms
        assertThat(f.answersPerSecond).isEqualTo(260.0, within(1e-9));
        assertThat(f.meanAnsweredMillis).isEqualTo(319_600.0 / 5_200, within(1e-6));
        assertThat(f.p50RejectedMillis).isCloseTo(5.0, withinPercentage(0.1)); // HdrHistogram, 3 digits
        assertThat(f.p99RejectedMillis).isCloseTo(1200.0, withinPercentage(0.1)); // HdrHistogram, 3 digits
        assertThat(f.p99CreatedMillis).isCloseTo(150.0, withinPercentage(0.1)); // HdrHistogram, 3 digits
        assertThat(f.heapFlat).isTrue();
        assertThat(f.retainedSeries).isEqualTo("57, 65, 62, 66");
        assertThat(f.overloadErrors).containsEntry("SocketException: Connection reset", 3L);
        assertThat(f.appCpuShare).isEqualTo(0.6, within(1e-9));
        assertThat(f.generatorCpuShare).isEqualTo(0.25, within(1e-9));
        assertThat(NetStat.describe(f.overloadTcp)).isEqualTo("10,000 opened, 2,000 accept-queue overflows, 0 resets");
        assertThat(f.logBytes).isEqualTo(3596);
        assertThat(f.probeStatuses).isEqualTo(Map.of("404", 100L, "503", 100L));
        assertThat(f.probeP50RejectedMillis).isCloseTo(4.0, withinPercentage(0.1)); // HdrHistogram, 3 digits
        assertThat(f.probeP99RejectedMillis).isCloseTo(80.0, withinPercentage(0.1)); // HdrHistogram, 3 digits
        assertThat(f.probeP99AdmittedMillis).isCloseTo(105.0, withinPercentage(0.1)); // HdrHistogram, 3 digits
        assertThat(f.probeSkipped).isEqualTo(3);
        assertThat(f.unmet()).containsExactly("goodput 60 % of the knee (target ≥ 90 %)",
                "p99 of the 503s 1200 ms (target ≤ 100)");
    }

    @Test
    public void theReportHasATableForDatabaseFaultsAndOneForOverloads() throws IOException {
        assertThat(Report.write(run)).isTrue();
        String md = Files.readString(run.resolve("summary.md"));

        assertThat(md).contains("## faults")
                .contains("| plain | h2 | kill | 0 of 2 | 4 of 4 (500: 1 · 503: 2 · timeout: 1) | 600 ms | 1.30 s | 1 of 3 (503: 1) "
                        + "| 30.00 s (timeout) | 4 | 1 (1) | 1 | 0 of 1 | 1 of 1 | 2500 kB | – | 615 |")
                .contains("1 acknowledged writes lost; 1 writes stored though rejected; 2.5 MB of log (target ≤ 1 MB) |")
                .contains("| plain | 150, 100 | 5000, 60 (0.60) | 201: 1,200 · 503: 4,000; 260/s, mean 61 ms (clients ÷ answers/s: 19,231 ms) | 150 | 5.0, 1200 | 4.0, 80; 105 (404: 100 · 503: 100, 3 slots skipped) | 2.15 s (201) "
                        + "| 10,000 opened, 2,000 accept-queue overflows, 0 resets | 60 %, 25 % | 57, 65, 62, 66 (flat) |");
        assertThat(md).doesNotContain("Failed cells");
    }

    @Test
    public void faultsCsvHasARowPerDrillAndEachDrillItsTimelineChart() throws IOException {
        Report.write(run);

        List<Results.FaultRow> rows = Results.read(run.resolve(Results.FAULTS), Results.FaultRow.class);
        assertThat(rows).extracting(Results.FaultRow::fault).containsExactly("kill", "overload");
        Results.FaultRow killed = rows.get(0);
        assertThat(killed.during()).isEqualTo(4);
        assertThat(killed.duringNot201()).isEqualTo(4);
        assertThat(killed.backTo201Ms()).isEqualTo(1300.0, within(0.01));
        assertThat(killed.lost()).isEqualTo(1);
        assertThat(killed.storedThoughRejected()).isEqualTo(1);
        assertThat(killed.goodputRatio()).isNull();
        Results.FaultRow overloaded = rows.get(1);
        assertThat(overloaded.goodputRatio()).isEqualTo(0.6, within(1e-9));
        assertThat(overloaded.answersByStatus()).isEqualTo("201=1200 503=4000");
        assertThat(overloaded.p99RejectedMs()).isCloseTo(1200.0, withinPercentage(0.1));
        assertThat(overloaded.heapFlat()).isTrue();
        assertThat(overloaded.targetsNotMet()).contains("goodput 60 % of the knee");

        for (String chart : List.of("chart-faults-001-faults-plain-h2-kill-c32.png",
                "chart-faults-002-faults-plain-stub-overload-c5000-lat100.png")) {
            assertThat(run.resolve(chart)).isNotEmptyFile();
            assertThat(Files.readString(run.resolve("index.html"))).contains("<img src=\"" + chart + "\"");
        }
    }

    @Test
    public void theTimelineCountsAnswersPerSecondByStatusAndMarksTheFault() throws IOException {
        Report.Cell cell = Report.Cell.load(kill, 100);
        org.jfree.chart.JFreeChart chart = FaultChart.timeline(cell);

        org.jfree.data.xy.XYDataset data = chart.getXYPlot().getDataset();
        List<String> statuses = new ArrayList<>();
        for (int s = 0; s < data.getSeriesCount(); s++) {
            statuses.add(data.getSeriesKey(s).toString());
        }
        assertThat(statuses).containsExactly("201", "500", "503", "timeout");
        // the 201s ended in seconds 1, 9, 16 and 16
        int created = statuses.indexOf("201");
        assertThat(data.getXValue(created, 0)).isEqualTo(1.0);
        assertThat(data.getYValue(created, 15)).isEqualTo(2.0);
        org.jfree.chart.plot.IntervalMarker fault = (org.jfree.chart.plot.IntervalMarker)
                chart.getXYPlot().getDomainMarkers(org.jfree.chart.ui.Layer.BACKGROUND).iterator().next();
        assertThat(fault.getStartValue()).isEqualTo(10.0);
        assertThat(fault.getEndValue()).isEqualTo(15.0);
        assertThat(fault.getLabel()).isEqualTo("database killed");
    }
}
