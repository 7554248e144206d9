package dev.shapeslab.bench;

import static dev.shapeslab.bench.RowBuilder.row;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.testng.annotations.Test;

/** The tables that set servers side by side: C10k per server and model, and the heap per request in flight. */
public class ServerTablesTests {

    private static final String SHRUNK = "--shapes.admission.max-in-flight=11000 -Dshapes.tomcat.connector.socket.appReadBufSize=2048";

    @Test
    public void theHeapPerRequestIsTheSlopeOfTheLiveHeapAgainstTheRequestsInFlightPerServerAndModel() {
        List<Results.WindowRow> rows = List.of(
                // Tomcat: 100 MiB with none, 120 KB a request
                row("async", 1000, 1000).liveHeap(100 + 1000 * 120 / 1024.0, 1000).build(),
                row("async", 5000, 1000).liveHeap(100 + 5000 * 120 / 1024.0, 5000).build(),
                row("async", 10000, 1000).liveHeap(100 + 10000 * 120 / 1024.0, 10000).build(),
                // Jetty: 80 MiB with none, 10 KB a request
                row("async", 1000, 1000).server("jetty").liveHeap(80 + 1000 * 10 / 1024.0, 1000).build(),
                row("async", 10000, 1000).server("jetty").liveHeap(80 + 10000 * 10 / 1024.0, 10000).build(),
                // the same model and server with Tomcat's buffers shrunk: a line of its own
                row("async", 1000, 1000).settings(SHRUNK).liveHeap(100 + 1000 * 90 / 1024.0, 1000).build(),
                row("async", 10000, 1000).settings(SHRUNK).liveHeap(100 + 10000 * 90 / 1024.0, 10000).build(),
                // one point is no line
                row("vertx", 10000, 1000).liveHeap(200, 10000).build());

        List<ServerTables.Slope> slopes = ServerTables.slopes(rows);

        assertThat(slopes).extracting(s -> s.server() + " " + s.variant() + " " + s.extras())
                .containsExactly("tomcat async –", "jetty async –", "tomcat async `socket.appReadBufSize=2048`");
        assertThat(slopes.get(0).kibPerRequest()).isCloseTo(120, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(slopes.get(0).baseMib()).isCloseTo(100, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(slopes.get(1).kibPerRequest()).isCloseTo(10, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(slopes.get(2).kibPerRequest()).isCloseTo(90, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(ServerTables.heap(rows)).contains("| Tomcat | `async` | – | **120** |", "| Jetty | `async` | – | **10.0** |");
    }

    @Test
    public void theC10kTableHasARowPerServerAndModelAndSaysWhatFailed() {
        List<Results.WindowRow> rows = List.of(
                row("async", 10000, 1000).successes(9200).build(),
                row("async", 10000, 1000).server("jetty").successes(9400).build(),
                row("webflux", 10000, 1000).failed("window measure-1: the app ran out of memory (OutOfMemoryError)").build(),
                // not C10k: left out
                row("vertx", 1000, 1000).successes(990).build());

        String table = ServerTables.c10k(rows);

        assertThat(table).contains("| Tomcat | `async` | 2 GB | – | 9,200 |", "| Jetty | `async` | 2 GB | – | 9,400 |",
                "| Reactor Netty | `webflux` | 2 GB | – | failed: out of memory |");
        assertThat(table).doesNotContain("`vertx`");
        assertThat(table.indexOf("Tomcat")).isLessThan(table.indexOf("Jetty"));
    }
}
