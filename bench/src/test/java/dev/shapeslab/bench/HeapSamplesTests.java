package dev.shapeslab.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.testng.annotations.Test;

/**
 * Heap samples as {@link HeapSampler} writes them, on real output: {@code jstat -gc} of JDK 25 against the
 * app (plain, -Xmx512m) during an overload drill, stamped with the drill's clock and VmRSS.
 */
public class HeapSamplesTests {

    @Test
    public void readsUsedAndRetainedHeapByJstatsColumnNames() throws IOException {
        List<HeapSamples.Sample> samples = HeapSamples.parse(BenchSamples.lines("heap.tsv"));

        assertThat(samples).hasSize(27);
        HeapSamples.Sample first = samples.get(0);
        // S0U 0 + S1U 10240 + EU 302080 + OU 37888; capacity S0C 0 + S1C 10240 + EC 304128 + OC 209920 = 512 MiB
        assertThat(first.millis()).isEqualTo(26878);
        assertThat(first.rssKib()).isEqualTo(591140);
        assertThat(first.usedKib()).isEqualTo(350208, within(0.01));
        assertThat(first.retainedKib()).isEqualTo(48128, within(0.01));
        assertThat(first.capacityKib()).isEqualTo(524288, within(0.01));
        assertThat(first.fullGcs()).isZero();
    }

    @Test
    public void theOverloadOfTheSampleKeptItsHeapFlat() throws IOException {
        List<HeapSamples.Sample> samples = HeapSamples.between(HeapSamples.parse(BenchSamples.lines("heap.tsv")),
                31_235.3, 51_239.0);

        assertThat(samples).hasSize(20);
        assertThat(HeapSamples.fullGcs(samples)).isZero();
        // survivors + old space at the end of each 5 s
        assertThat(HeapSamples.retainedSeries(samples, 5_000)).isEqualTo("57, 65, 62, 66");
        // lowest retained heap: 54.5 MiB in the first quarter of the samples, 63.3 MiB in the last
        assertThat(HeapSamples.flat(samples, 51.2)).isTrue();
        assertThat(HeapSamples.flat(samples, 5)).isFalse();
        assertThat(HeapSamples.peakUsedMib(samples)).isEqualTo(356.8, within(0.1));
    }

    @Test
    public void linesReadLateInABurstArePlacedByTheUptimeTheyCarry() {
        HeapSampler.Placement placement = new HeapSampler.Placement();
        // samples at the app's uptime 10, 11, 12 s read within 2-5 ms on the drill's clock 100 s later...
        assertThat(placement.place(10.0, 110_005)).isEqualTo(110_005, within(0.01));
        assertThat(placement.place(11.0, 111_002)).isEqualTo(111_002, within(0.01));
        assertThat(placement.place(12.0, 112_004)).isEqualTo(112_002, within(0.01));
        // ...then eight read together at 121 s, when the harness got the CPU again: one a second, as taken
        for (int uptime = 13; uptime <= 20; uptime++) {
            assertThat(placement.place(uptime, 121_000)).isEqualTo(100_002 + uptime * 1000, within(0.01));
        }
    }

    @Test
    public void theUptimeIsJstatsTimestampColumn() {
        // `jstat -gc -t` of JDK 25: the app's uptime in seconds first, then the -gc columns
        assertThat(HeapSampler.uptimeSeconds("            4.1         0.0      2048.0         0.0      2048.0      25600.0"
                + "       8192.0      37888.0       1886.7     8576.0     8367.4    1088.0     991.7      1     0.006"
                + "     0     0.000     0     0.000     0.006")).isEqualTo(4.1);
        List<HeapSamples.Sample> samples = HeapSamples.parse(List.of(
                "t_ms\trss_kib\tTimestamp           S0C         S1C         S0U         S1U          EC           EU"
                        + "           OC           OU          MC         MU       CCSC      CCSU     YGC     YGCT     FGC"
                        + "    FGCT     CGC    CGCT       GCT",
                "4100\t65000\t4.1         0.0      2048.0         0.0      2048.0      25600.0       8192.0      37888.0"
                        + "       1886.7     8576.0     8367.4    1088.0     991.7      1     0.006     0     0.000     0"
                        + "     0.000     0.006"));
        assertThat(samples.get(0).retainedKib()).isEqualTo(2048 + 1886.7, within(0.01));
        assertThat(HeapSampler.uptimeSeconds("95,4 0,0 18432,0")).isEqualTo(95.4);
    }

    @Test
    public void aHeapThatFillsUpOrEndsInFullCollectionsIsNotFlat() {
        List<String> lines = new ArrayList<>(List.of("t_ms\trss_kib\tS0C S1C S0U S1U EC EU OC OU FGC"));
        for (int i = 0; i < 20; i++) {
            // the old space grows by 20 MiB a second
            lines.add((i * 1000) + "\t600000\t0 1024 0 1024 100000 50000 400000 " + (20_480 * i) + " 0");
        }
        assertThat(HeapSamples.flat(HeapSamples.parse(lines), 51.2)).isFalse();

        List<String> flatButCollected = new ArrayList<>(List.of("t_ms\trss_kib\tS0C S1C S0U S1U EC EU OC OU FGC"));
        for (int i = 0; i < 20; i++) {
            flatButCollected.add((i * 1000) + "\t-\t0 1024 0 1024 100000 50000 400000 40000 " + (i / 10));
        }
        List<HeapSamples.Sample> samples = HeapSamples.parse(flatButCollected);
        assertThat(samples.get(0).rssKib()).isNull();
        assertThat(HeapSamples.fullGcs(samples)).isEqualTo(1);
        assertThat(HeapSamples.flat(samples, 51.2)).isFalse();
    }

    @Test
    public void aMissingColumnOrASampleWithoutHeaderIsAnError() {
        assertThatThrownBy(() -> HeapSamples.parse(List.of("t_ms\trss_kib\tS0C S1C S0U S1U EC EU OC FGC", "1\t2\t0 0 0 0 0 0 0 0")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no column OU");
        assertThatThrownBy(() -> HeapSamples.parse(List.of("1\t2\t0 0 0 0 0 0 0 0")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("without jstat's header");
    }
}
