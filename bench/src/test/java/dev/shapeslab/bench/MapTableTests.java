package dev.shapeslab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.testng.annotations.Test;

/** results.md's table of the map: a row per point, each model's successes, the winners in bold, failures said. */
public class MapTableTests {

    @Test
    public void aRowPerPointWithEachModelsSuccessesTheWinnersInBoldAndAFailureSaid() {
        List<Results.WindowRow> rows = List.of(
                RowBuilder.row("plain", 1000, 100).scenario("map").successes(9000).build(),
                RowBuilder.row("async", 1000, 100).scenario("map").successes(9300).build(),
                RowBuilder.row("vertx", 1000, 100).scenario("map").successes(7000).build(),
                RowBuilder.row("plain", 10, 0).scenario("map").successes(20000).build(),
                RowBuilder.row("async", 10, 0).scenario("map").failed("out of memory").build(),
                RowBuilder.row("vertx", 10, 0).scenario("map").successes(45000).build(),
                RowBuilder.row("vertx", 10, 0).scenario("map").shipped().successes(1).build()); // shipped: not the map's

        String table = MapTable.markdown(rows);

        assertThat(table).startsWith("| latency | clients | clients ÷ latency | `plain` | `async` | `vertx` |\n");
        assertThat(table).contains("| 0 ms | 10 | – | 20,000 | failed | **45,000** |\n");
        assertThat(table).contains("| 100 ms | 1,000 | 10,000 | **9,000** | **9,300** | 7,000 |\n");
        assertThat(table.indexOf("| 0 ms |")).isLessThan(table.indexOf("| 100 ms |"));
    }
}
