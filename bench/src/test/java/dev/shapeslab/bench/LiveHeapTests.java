package dev.shapeslab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.testng.annotations.Test;

/** The live heap and the requests in flight that --live-heap records in a measured window's middle. */
public class LiveHeapTests {

    @Test
    public void theLiveHeapIsTheHistogramsTotalAndTheInFlightTheAdmissionGauge() throws Exception {
        Path cell = Files.createTempDirectory("live-heap");
        Files.write(cell.resolve("measure-1.histogram.txt"), List.of("12345:",
                " num     #instances         #bytes  class name (module)",
                "-------------------------------------------------------",
                "   1:        120000       98765432  [B (java.base@25.0.3)",
                "Total       2500000      314572800"));
        Files.writeString(cell.resolve("measure-1.prom-mid"), "# TYPE admission_inflight gauge\nadmission_inflight 9871.0\n");

        LiveHeap live = LiveHeap.of(cell, "measure-1");

        assertThat(live.bytes()).isEqualTo(314572800.0);
        assertThat(live.inFlight()).isEqualTo(9871.0);
        assertThat(LiveHeap.of(cell, "measure-2")).isNull();
        assertThat(LiveHeap.totalBytes(List.of("(jcmd: not found)"))).isNull();
    }
}
