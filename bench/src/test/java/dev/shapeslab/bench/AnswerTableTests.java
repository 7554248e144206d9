package dev.shapeslab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.testng.annotations.Test;

/** The README's answer table, from the map's tuned cells and the fair answer's shipped ones. */
public class AnswerTableTests {

    @Test
    public void eachModelHasItsSuccessesAsShippedAndAtItsBestAndWhatItsBestCostInBothCells() throws IOException {
        String table = table();

        assertThat(table).startsWith("**1,000 clients × 100 ms**\n\n| model | successes/s as shipped | at its best "
                + "| × plain at its best | app µs per success | peak RSS MiB | threads |\n");
        String first = table.substring(0, table.indexOf("**10,000 clients × 1 s**"));
        String second = table.substring(table.indexOf("**10,000 clients × 1 s**"));
        assertThat(first).contains("| `plain` | 1,330 | 1,300 | 1.0× | 320 | 950 | 1,140 |\n");
        assertThat(first).contains("| `async` | 6,500 | 9,000 | 6.9× | 90.0 | 650 | 260 |\n");
        assertThat(first).contains("| `vertx` | 9,600 | 9,400 | 7.2× | 42.0 | 520 | 30 |\n");
        assertThat(second).contains("| `plain` | failed: the app died during window measure-1 | 1,200 | 1.0× | 1,333 | 2,204 | 3,153 |\n");
        assertThat(second).contains("| `async` | 1,900 | 2,260 | 1.9× | 752 | 2,157 | 261 |\n");
        assertThat(second).contains("| `vertx` | 9,652 | failed: out of memory | – | – | – | – |\n");
        // models in neither data set get no empty row
        assertThat(table).doesNotContain("`rxjava`");
    }

    @Test
    public void theTableReplacesOnlyWhatStandsBetweenTheMarkers() throws IOException {
        Path readme = Files.createTempFile("README", ".md");
        Files.writeString(readme, "# shapes-lab\n\nbefore\n" + AnswerTable.START + "\nan old table\n" + AnswerTable.END + "\nafter\n");

        assertThat(AnswerTable.replace(readme, table())).isTrue();
        assertThat(Files.readString(readme)).isEqualTo("# shapes-lab\n\nbefore\n" + AnswerTable.START + "\n" + table()
                + AnswerTable.END + "\nafter\n");
        assertThat(AnswerTable.replace(readme, table())).isFalse();
    }

    @Test
    public void aFileWithoutTheMarkersIsLeftAlone() throws IOException {
        Path doc = Files.createTempFile("results", ".md");
        Files.writeString(doc, "no markers here\n" + AnswerTable.END + "\n");

        assertThat(AnswerTable.replace(doc, table())).isFalse();
        assertThat(Files.readString(doc)).isEqualTo("no markers here\n" + AnswerTable.END + "\n");
    }

    private static String table() throws IOException {
        return AnswerTable.markdown(read("data/map.csv"), read("data/fair-answer.csv"));
    }

    private static List<Results.WindowRow> read(String name) throws IOException {
        return Results.read(BenchSamples.path(name), Results.WindowRow.class);
    }
}
