package dev.shapeslab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.testng.annotations.Test;

/** bench/redraw.sh: every data set under docs/data drawn into docs/charts, and the README's table written again. */
public class RedrawTests {

    @Test
    public void everyDataSetBecomesChartsNamedAfterItAndTheReadmeTableIsWrittenFromTheData() throws IOException {
        Path root = Files.createTempDirectory("redraw");
        Files.createDirectories(root.resolve("docs/data"));
        Files.createDirectories(root.resolve("docs/charts"));
        for (String set : List.of("map.csv", "fair-answer.csv")) {
            Files.copy(BenchSamples.path("data/" + set), root.resolve("docs/data/" + set));
        }
        Files.writeString(root.resolve("docs/charts/slow-backend-throughput.png"), "an older chart, no data set");
        Files.writeString(root.resolve("README.md"), "prose\n" + AnswerTable.START + "\n" + AnswerTable.END + "\nmore prose\n");
        Files.writeString(root.resolve("docs/results.md"), "no answer here\n" + MapTable.START + "\n" + MapTable.END + "\n");

        List<String> done = Redraw.redraw(root);

        for (String chart : List.of("map-winners.png", "map-ratio.png", "map-cpu.png", "fair-answer-throughput-lat100.png",
                "fair-answer-cpu-lat100.png", "fair-answer-throughput-lat1000.png", "fair-answer-latency-lat1000.png")) {
            assertThat(root.resolve("docs/charts/" + chart)).isNotEmptyFile();
        }
        assertThat(root.resolve("docs/charts/slow-backend-throughput.png")).hasContent("an older chart, no data set");
        assertThat(Files.readString(root.resolve("README.md"))).startsWith("prose\n" + AnswerTable.START + "\n**1,000 clients")
                .contains("| `vertx` | 9,600 |").endsWith(AnswerTable.END + "\nmore prose\n");
        assertThat(Files.readString(root.resolve("docs/results.md"))).startsWith("no answer here\n" + MapTable.START + "\n| latency |")
                .endsWith(MapTable.END + "\n");
        assertThat(done).contains("README.md: answer table written");
    }

    @Test
    public void withoutDataSetsItSaysSoAndWritesNothing() throws IOException {
        Path root = Files.createTempDirectory("redraw-empty");

        assertThat(Redraw.redraw(root)).containsExactly("redraw: no data sets under " + root.resolve("docs/data"));
        assertThat(root.resolve("docs/charts")).doesNotExist();
    }
}
