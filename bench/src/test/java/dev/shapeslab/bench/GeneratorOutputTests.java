package dev.shapeslab.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.testng.annotations.Test;

/** The generators' figures, read from what wrk and {@link OpenLoad} really printed. */
public class GeneratorOutputTests {

    @Test
    public void readsWrkTotalsPercentilesAndTheWrappedCpuLine() throws IOException {
        GeneratorOutput out = GeneratorOutput.parseWrk(BenchSamples.lines("wrk-get-circle.txt"));

        assertThat(out.requests()).isEqualTo(6263);
        assertThat(out.seconds()).isEqualTo(3.02);
        assertThat(out.failed()).isZero();
        assertThat(out.latencyMicros()).containsEntry("p50", 7110.0).containsEntry("p75", 13510.0)
                .containsEntry("p90", 21800.0).containsEntry("p99", 41640.0);
        // the wrapping shell's children's ticks: cutime 8 + cstime 13
        assertThat(out.generatorTicks()).isEqualTo(21);
        assertThat(out.throughput()).isCloseTo(2073.8, within(0.1));
    }

    @Test
    public void readsWrkFiguresFromTheJsonLineOfItsDoneHook() throws IOException {
        // wrk 4.1.0 (Debian) with the done() of Workload.luaScript against a loopback server
        GeneratorOutput out = GeneratorOutput.parseWrk(BenchSamples.lines("wrk-json-get.txt"));

        assertThat(out.requests()).isEqualTo(2406);
        assertThat(out.seconds()).isEqualTo(2.020775);
        assertThat(out.failed()).isZero();
        assertThat(out.errors()).isEmpty();
        assertThat(out.latencyMicros()).containsEntry("p50", 2357.0).containsEntry("p99", 31886.0)
                .containsEntry("p99.9", 44385.0).containsEntry("p99.99", 45935.0).containsEntry("max", 45935.0);
        assertThat(out.generatorTicks()).isEqualTo(12);

        GeneratorOutput notFound = GeneratorOutput.parseWrk(BenchSamples.lines("wrk-json-not-found.txt"));
        assertThat(notFound.failed()).isEqualTo(2691);
        assertThat(notFound.errors()).containsExactly(org.assertj.core.api.Assertions.entry("non-2xx", 2691L));
    }

    @Test
    public void theLuaScriptPrintsWrksFiguresAsJsonWhenTheRunIsDone() {
        String lua = Workload.luaScript("test", List.of(Workload.Request.get("/circles/1")));

        assertThat(lua).contains("function done(summary, latency, requests)")
                .contains("\"" + GeneratorOutput.WRK_JSON_PREFIX + "\"").contains("latency:percentile(99.9)");
    }

    @Test
    public void theLuaScriptWaitsRetryAfterAfterA503OnlyWhenClientsHonourIt() {
        List<Workload.Request> requests = List.of(Workload.Request.get("/circles/1"));

        assertThat(Workload.luaScript("test", requests, false)).doesNotContain("function response(")
                .doesNotContain("function delay(");
        assertThat(Workload.luaScript("test", requests, true)).contains("function response(status, headers, body)")
                .contains("status == 503 and tonumber(headers[\"Retry-After\"])").contains("function delay()");
    }

    @Test
    public void aWrkRunThatNeverConnectedHasNoFigures() throws IOException {
        // wrk exits before done() when it cannot connect at all
        assertThatThrownBy(() -> GeneratorOutput.parseWrk(BenchSamples.lines("wrk-json-connection-refused.txt")))
                .hasMessageContaining("unreadable wrk output");
    }

    @Test
    public void countsNon2xxAnswersAndSocketErrorsAsFailed() throws IOException {
        List<String> notFound = withCpuLine(BenchSamples.lines("wrk-not-found.txt"));
        List<String> timeouts = withCpuLine(BenchSamples.lines("wrk-timeouts.txt"));

        assertThat(GeneratorOutput.parseWrk(notFound).failed()).isEqualTo(6917);
        assertThat(GeneratorOutput.parseWrk(notFound).succeeded()).isZero();
        assertThat(GeneratorOutput.parseWrk(timeouts).failed()).isEqualTo(4);
    }

    @Test
    public void refusesWrkOutputWithoutItsFigures() throws IOException {
        assertThatThrownBy(() -> GeneratorOutput.parseWrk(BenchSamples.lines("wrk-connection-refused.txt")))
                .hasMessageContaining("no 'N requests in T' line");
        assertThatThrownBy(() -> GeneratorOutput.parseWrk(BenchSamples.lines("wrk-not-found.txt")))
                .hasMessageContaining("generator-cpu");
        List<String> noLatency = new ArrayList<>(BenchSamples.lines("wrk-get-circle.txt"));
        noLatency.removeIf(l -> l.trim().matches("(50|75|90|99)%.*"));
        assertThatThrownBy(() -> GeneratorOutput.parseWrk(noLatency)).hasMessageContaining("--latency");
    }

    @Test
    public void readsOpenLoadOutputCountingEveryRequestForCpuAndRecordedStatusesForFailures() throws IOException {
        GeneratorOutput out = GeneratorOutput.parseOpenLoad(
                BenchSamples.lines("run/cells/002-mixed-plain-h2-mixed-c16/open-50.out"));

        assertThat(out.generator()).isEqualTo("open-load");
        assertThat(out.requests()).isEqualTo(1302);
        assertThat(out.seconds()).isEqualTo(8.003);
        assertThat(out.failed()).isZero();
        assertThat(out.latencyMicros()).containsEntry("p50", 7899.0).containsEntry("p99", 24750.0)
                .containsEntry("p99.9", 40503.0);
        assertThat(out.generatorTicks()).isEqualTo(83);
    }

    @Test
    public void readsOpenLoadsJsonLine() throws IOException {
        OpenLoad.Result result = new OpenLoad.Result(100, 4, 2.5, 250, 200, 1,
                new java.util.TreeMap<>(java.util.Map.of("200", 190L, "503", 9L, "error", 1L)), Latencies.histogram(), "reset");
        for (int i = 1; i <= 200; i++) {
            result.latencies().recordValue(i * 10L); // below 2,048 µs HdrHistogram keeps every value exactly
        }
        List<String> lines = new ArrayList<>(result.format().lines().toList());
        lines.addAll(BenchSamples.lines("wrk-json-get.txt").stream()
                .filter(l -> l.startsWith(GeneratorOutput.CPU_LINE_PREFIX)).toList());

        GeneratorOutput out = GeneratorOutput.parseOpenLoad(lines);
        assertThat(out.requests()).isEqualTo(250);
        assertThat(out.seconds()).isEqualTo(2.5);
        assertThat(out.failed()).isEqualTo(10);
        assertThat(out.errors()).containsEntry("503", 9L).containsEntry("error", 1L).doesNotContainKey("200");
        assertThat(out.latencyMicros()).containsEntry("p50", 1_000.0).containsEntry("p99", 1_980.0)
                .containsEntry("p100", 2_000.0);
    }

    @Test
    public void openLoadErrorsAndNon2xxStatusesAreFailures() throws IOException {
        List<String> lines = new ArrayList<>(BenchSamples.lines("run/cells/002-mixed-plain-h2-mixed-c16/open-50.out"));
        lines.add(0, "status.503=7");
        lines.add(0, "status.error=2");

        assertThat(GeneratorOutput.parseOpenLoad(lines).failed()).isEqualTo(9);
    }

    @Test
    public void readsGatlingsGlobalInformationAndDividesByTheLoadDuration() throws IOException {
        GeneratorOutput out = GeneratorOutput.parseGatling(BenchSamples.lines("gatling-latency-scaling.txt"), 10);

        // not the per-second tables printed during the run, the final block: 8,965 requests, KO "-"
        assertThat(out.requests()).isEqualTo(8965);
        assertThat(out.failed()).isZero();
        assertThat(out.throughput()).isEqualTo(896.5);
        assertThat(out.latencyMicros()).containsEntry("p50", 104_000.0).containsEntry("p95", 134_000.0)
                .containsEntry("p99", 164_000.0);
        assertThat(out.generatorTicks()).isEqualTo(1336 + 106);
    }

    @Test
    public void refusesGatlingOutputOfACrashedRun() throws IOException {
        List<String> crashed = BenchSamples.lines("gatling-latency-scaling.txt").stream()
                .takeWhile(l -> !l.startsWith("---- Global Information")).toList();

        assertThatThrownBy(() -> GeneratorOutput.parseGatling(crashed, 10)).hasMessageContaining("no 'Global Information' block");
    }

    private static List<String> withCpuLine(List<String> lines) throws IOException {
        List<String> wrapped = new ArrayList<>(lines);
        wrapped.add(BenchSamples.lines("wrk-get-circle.txt").stream()
                .filter(l -> l.startsWith(GeneratorOutput.CPU_LINE_PREFIX)).findFirst().orElseThrow());
        return wrapped;
    }
}
