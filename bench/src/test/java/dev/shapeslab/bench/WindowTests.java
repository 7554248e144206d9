package dev.shapeslab.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.shapeslab.bench.ProcStat.MachineTicks;
import dev.shapeslab.bench.ProcStat.ProcessTicks;
import java.io.IOException;
import java.util.Properties;
import org.testng.annotations.Test;

/** CPU per request, computed from the raw /proc lines the harness stored around a window. */
public class WindowTests {

    @Test
    public void readsAProcessLineWhoseNameHoldsSpacesAndParentheses() throws IOException {
        String java = BenchSamples.lines("proc-pid-stat-java.txt").get(0);
        ProcessTicks ticks = ProcessTicks.parse(java);
        assertThat(ticks.user()).isEqualTo(2024);
        assertThat(ticks.system()).isEqualTo(159);

        ProcessTicks renamed = ProcessTicks.parse(java.replace("(java)", "(Web (Content) 2)"));
        assertThat(renamed).isEqualTo(ticks);
    }

    @Test
    public void machineBusyTimeLeavesOutIdleAndIowait() throws IOException {
        MachineTicks m = MachineTicks.parse(BenchSamples.lines("proc-stat-cpu.txt").get(0));
        // cpu  26024 0 3871 306648 2622 0 133 182 0 0
        assertThat(m.total()).isEqualTo(26024 + 3871 + 306648 + 2622 + 133 + 182);
        assertThat(m.busy()).isEqualTo(26024 + 3871 + 133 + 182);
        assertThat(m.steal()).isEqualTo(182);
    }

    /** The hypervisor's steal is busy time of no process here: counted apart, not as other processes'. */
    @Test
    public void stealIsCountedApartFromTheOtherProcesses() throws IOException {
        Properties cpu = new Properties();
        String process = BenchSamples.lines("proc-pid-stat-java.txt").get(0); // 2,024 + 159 ticks
        String machine = BenchSamples.lines("proc-stat-cpu.txt").get(0); // ... softirq 133, steal 182
        cpu.setProperty("before.app", process);
        cpu.setProperty("after.app", process.replace(" 2024 159 ", " 2124 159 "));
        cpu.setProperty("before.machine", machine);
        cpu.setProperty("after.machine", machine.replace("cpu  26024 0 3871 ", "cpu  26224 0 3871 ")
                .replace(" 133 182 ", " 133 232 "));
        GeneratorOutput load = GeneratorOutput.parseWrk(BenchSamples.lines("wrk-get-circle.txt"));

        Window w = Window.of("w", load, cpu, 100);

        // 250 busy ticks: 100 the app's, 50 stolen, the generator's, the rest other processes'
        assertThat(w.stealShare()).isCloseTo(50 / 250.0, within(1e-9));
        assertThat(w.otherShare()).isCloseTo((250 - 50 - 100 - load.generatorTicks()) / 250.0, within(1e-9));
    }

    @Test
    public void cpuPerRequestOfAppDatabaseAndGenerator() throws IOException {
        Window w = Window.load(BenchSamples.mixedCell(), "measure-1", 100);

        // 1,280 requests; app 3,660 -> 4,343 ticks, H2 654 -> 970, wrk 3 + 8 ticks; 10,000 µs per tick
        assertThat(w.load().requests()).isEqualTo(1280);
        assertThat(w.appMicros()).isCloseTo(683 * 10_000.0 / 1280, within(0.01));
        assertThat(w.dbMicros()).isCloseTo(316 * 10_000.0 / 1280, within(0.01));
        assertThat(w.generatorMicros()).isCloseTo(11 * 10_000.0 / 1280, within(0.01));
        // the machine: 1,020 ticks in the window, all busy; 10 of them neither app, H2 nor wrk: 3 stolen by the
        // hypervisor, 7 other processes'
        assertThat(w.generatorShare()).isCloseTo(11 / 1020.0, within(1e-9));
        assertThat(w.stealShare()).isCloseTo(3 / 1020.0, within(1e-9));
        assertThat(w.otherShare()).isCloseTo(7 / 1020.0, within(1e-9));
    }

    @Test
    public void theDelayProxysCpuIsCountedApartFromTheAppsAndTheOthers() throws IOException {
        Properties cpu = new Properties();
        String process = BenchSamples.lines("proc-pid-stat-java.txt").get(0); // 2,024 + 159 ticks
        String machine = BenchSamples.lines("proc-stat-cpu.txt").get(0);
        cpu.setProperty("before.app", process);
        cpu.setProperty("after.app", process.replace(" 2024 159 ", " 2124 159 "));
        cpu.setProperty("before.proxy", process);
        cpu.setProperty("after.proxy", process.replace(" 2024 159 ", " 2044 164 "));
        cpu.setProperty("before.machine", machine);
        cpu.setProperty("after.machine", machine.replace("cpu  26024 0 3871 ", "cpu  26224 0 3871 "));
        GeneratorOutput load = GeneratorOutput.parseWrk(BenchSamples.lines("wrk-get-circle.txt"));

        Window w = Window.of("w", load, cpu, 100);

        assertThat(w.proxyMicros()).isCloseTo(25 * 10_000.0 / load.requests(), within(0.01));
        assertThat(w.appMicros()).isCloseTo(100 * 10_000.0 / load.requests(), within(0.01));
        // 200 busy ticks: 100 the app's, 25 the proxy's, the generator's, the rest others'
        assertThat(w.otherShare()).isCloseTo((200 - 100 - 25 - load.generatorTicks()) / 200.0, within(1e-9));
    }

    @Test
    public void refusesSnapshotsOfTwoDifferentProcessesOrAMissingLine() throws IOException {
        Properties cpu = new Properties();
        String app = BenchSamples.lines("proc-pid-stat-java.txt").get(0);
        String machine = BenchSamples.lines("proc-stat-cpu.txt").get(0);
        cpu.setProperty("before.app", app);
        cpu.setProperty("after.app", app.replace(" 2024 159 ", " 100 10 "));
        cpu.setProperty("before.machine", machine);
        cpu.setProperty("after.machine", machine);
        GeneratorOutput load = GeneratorOutput.parseWrk(BenchSamples.lines("wrk-get-circle.txt"));

        assertThatThrownBy(() -> Window.of("w", load, cpu, 100)).hasMessageContaining("went backwards");
        cpu.setProperty("after.app", app);
        cpu.remove("after.machine");
        assertThatThrownBy(() -> Window.of("w", load, cpu, 100)).hasMessageContaining("after.machine");
    }
}
