package dev.shapeslab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.testng.annotations.Test;

/** The run's own records as JSON (Jackson), and the properties files of runs recorded before. */
public class RecordFilesTests {

    @Test
    public void writesAFlatSortedJsonObjectAndReadsItBack() throws IOException {
        Path dir = Files.createTempDirectory("bench-records");
        try {
            Properties cell = new Properties();
            cell.setProperty("variant", "plain");
            cell.setProperty("app_banner", "Execution variant: plain | Backend: jdbc:h2:tcp://127.0.0.1:19092/./shapes");
            RecordFiles.write(dir.resolve("cell.json"), cell);

            assertThat(Files.readString(dir.resolve("cell.json"))).startsWith("{").contains("\"app_banner\" : ");
            assertThat(RecordFiles.read(dir.resolve("cell.json"))).isEqualTo(cell);
            assertThat(RecordFiles.read(dir.resolve("run.json"))).isEmpty();
            assertThat(RecordFiles.exists(dir.resolve("run.json"))).isFalse();
        } finally {
            delete(dir);
        }
    }

    @Test
    public void readsThePropertiesFilesOfAnOlderRun() throws IOException {
        Path cell = BenchSamples.mixedCell();

        assertThat(RecordFiles.legacy(cell.resolve("cell.json"))).isEqualTo(cell.resolve("cell.properties"));
        assertThat(RecordFiles.legacy(cell.resolve("measure-1.cpu.json"))).isEqualTo(cell.resolve("measure-1.cpu"));
        assertThat(RecordFiles.read(cell.resolve("cell.json")).getProperty("knee_rps")).isEqualTo("325.5");
        assertThat(RecordFiles.exists(cell.resolve("measure-1.cpu.json"))).isTrue();
    }

    @Test
    public void aRunRecordedAsJsonReportsAsTheSameRunInPropertiesFiles() throws IOException {
        Path json = Files.createTempDirectory("bench-run-json");
        Path sample = BenchSamples.path("run");
        try {
            try (Stream<Path> files = Files.walk(sample)) {
                for (Path f : files.toList()) {
                    Path target = json.resolve(sample.relativize(f).toString());
                    String name = f.getFileName().toString();
                    if (Files.isDirectory(f)) {
                        Files.createDirectories(target);
                    } else if (name.endsWith(".properties") || name.endsWith(".cpu")) {
                        // the sample has no JSON record, so reading one gives its properties file
                        String jsonName = name.endsWith(".cpu") ? name + ".json" : name.replace(".properties", ".json");
                        RecordFiles.write(target.resolveSibling(jsonName), RecordFiles.read(f.resolveSibling(jsonName)));
                    } else {
                        Files.copy(f, target);
                    }
                }
            }
            try (Stream<Path> files = Files.walk(json)) {
                assertThat(files.map(p -> p.getFileName().toString()))
                        .noneMatch(n -> n.endsWith(".properties") || n.endsWith(".cpu"));
            }
            Report.write(json);
            String summary = Files.readString(json.resolve("summary.md"));
            assertThat(summary).contains("| plain | h2 | mixed | 16 | 0 ms | 325 (252–365) | 1.00 | ")
                    .contains("| 3928 (3681–5336) | 2155 (1754–2469) | 85 (81–86) |");
            assertThat(Results.read(json.resolve(Results.RESULTS), Results.WindowRow.class)).hasSize(10);
        } finally {
            delete(json);
        }
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
    }
}
