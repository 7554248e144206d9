package dev.shapeslab.bench;

import static org.assertj.core.api.Assertions.assertThat;

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
}
