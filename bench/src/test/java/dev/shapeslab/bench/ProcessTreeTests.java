package dev.shapeslab.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.shapeslab.bench.ProcStat.ProcessTicks;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.testng.annotations.Test;

/** CPU of PostgreSQL, the postmaster and its children, from real /proc lines (proc-pg-tree.cpu). */
public class ProcessTreeTests {

    private static Properties sample() throws IOException {
        Properties cpu = new Properties();
        try (Reader r = Files.newBufferedReader(BenchSamples.path("proc-pg-tree.cpu"))) {
            cpu.load(r);
        }
        return cpu;
    }

    @Test
    public void readsPidAndParentPid() throws IOException {
        Properties cpu = sample();
        String child = cpu.getProperty("before.db.child.16665");

        assertThat(ProcessTicks.pid(child)).isEqualTo(16665);
        assertThat(ProcessTicks.parentPid(child)).isEqualTo(16610);
        assertThat(ProcessTicks.parentPid(cpu.getProperty("before.db"))).isEqualTo(1);
        String renamed = child.replace("(postgres)", "(postgres: shapes (a) b)");
        assertThat(ProcessTicks.pid(renamed)).isEqualTo(16665);
        assertThat(ProcessTicks.parentPid(renamed)).isEqualTo(16610);
    }

    @Test
    public void theTreeCountsLiveChildrenAndThoseThatExitedThroughThePostmaster() throws IOException {
        Properties cpu = sample();
        ProcessTree.Snapshot before = ProcessTree.Snapshot.load(cpu, "before");
        ProcessTree.Snapshot after = ProcessTree.Snapshot.load(cpu, "after");

        assertThat(before.descendants()).hasSize(6).containsKey(16665L);
        // before: postmaster 0+1, session 16665 2+0; after: postmaster 0+1 and 30+5 of the session that
        // started and exited in between (reaped: cutime, cstime), session 16665 21+3
        assertThat(before.ticks()).isEqualTo(3);
        assertThat(after.ticks()).isEqualTo(60);
        assertThat(ProcessTree.ticksBetween(before, after)).isEqualTo(57);
    }

    @Test
    public void aRestartedServerIsRefused() throws IOException {
        Properties cpu = sample();
        ProcessTree.Snapshot before = ProcessTree.Snapshot.load(cpu, "before");
        ProcessTree.Snapshot restarted = new ProcessTree.Snapshot(
                cpu.getProperty("after.db").replaceFirst("^16610 ", "17000 "), java.util.Map.of());

        assertThatThrownBy(() -> ProcessTree.ticksBetween(before, restarted)).hasMessageContaining("restarted");
    }

    @Test
    public void descendantsAreFoundByParentPidAmongAllProcesses() throws IOException {
        Properties cpu = sample();
        List<String> all = new ArrayList<>();
        all.add(cpu.getProperty("before.db"));
        for (String key : cpu.stringPropertyNames()) {
            if (key.startsWith("before.db.child.")) {
                all.add(cpu.getProperty(key));
            }
        }
        all.addAll(BenchSamples.lines("proc-pid-stat-java.txt")); // another process, not under the postmaster
        // a grandchild: a process whose parent is session 16665
        all.add(cpu.getProperty("before.db.child.16665").replaceFirst("^16665 ", "20001 ").replace(") S 16610 ", ") S 16665 "));

        assertThat(ProcessTree.descendants(16610, all).keySet())
                .containsExactlyInAnyOrder(16611L, 16612L, 16614L, 16615L, 16616L, 16665L, 20001L);
        assertThat(ProcessTree.descendants(20001, all)).isEmpty();
    }

    @Test
    public void aWindowOnPostgresCountsTheWholeTree() throws IOException {
        Properties cpu = sample();
        Properties h2 = new Properties();
        try (Reader r = Files.newBufferedReader(BenchSamples.mixedCell().resolve("measure-1.cpu"))) {
            h2.load(r);
        }
        for (String key : List.of("before.app", "after.app", "before.machine", "after.machine")) {
            cpu.setProperty(key, h2.getProperty(key));
        }
        GeneratorOutput load = GeneratorOutput.parseWrk(BenchSamples.lines("wrk-get-circle.txt"));

        Window w = Window.of("measure-1", load, cpu, 100);

        assertThat(w.dbMicros()).isCloseTo(57 * 10_000.0 / load.requests(), within(0.01));
    }

    @Test
    public void aRealWindowOnPostgresAsTheHarnessWroteIt() throws IOException {
        // plain on pg, mixed workload: the harness logged "708 req/s  app 569 µs/req  db 1938 µs/req"
        Window w = Window.load(BenchSamples.path("pg-window"), "measure-2", 100);

        assertThat(w.load().throughput()).isCloseTo(708, within(1.0));
        assertThat(w.appMicros()).isCloseTo(569, within(1.0));
        assertThat(w.dbMicros()).isCloseTo(1938, within(1.0));
    }

    @Test
    public void aLiveSnapshotOfThisProcessHoldsItsChildren() throws Exception {
        Process child = new ProcessBuilder("sleep", "30").start();
        try {
            ProcessTree.Snapshot s = ProcessTree.read(ProcessHandle.current().pid());
            assertThat(s.rootPid()).isEqualTo(ProcessHandle.current().pid());
            assertThat(s.descendants()).containsKey(child.pid());
        } finally {
            child.destroy();
        }
    }

    /** A child that exited between the two listings may be in its own line and its parent's reaped time: taken again. */
    @Test
    public void aSnapshotIsTakenAgainOnlyWhenAProcessExitedMeanwhile() {
        assertThat(ProcessTree.noneExited(Set.of(11L, 12L), Set.of(11L, 12L))).isTrue();
        assertThat(ProcessTree.noneExited(Set.of(11L, 12L), Set.of(11L, 12L, 13L))).as("one started").isTrue();
        assertThat(ProcessTree.noneExited(Set.of(11L, 12L), Set.of(12L, 13L))).as("one exited").isFalse();
    }

    /**
     * As PostgreSQL does while a pool opens its connections: children start one after another while the snapshots are
     * taken, and each snapshot still succeeds (when a start also meant taking it again, every attempt failed).
     */
    @Test
    public void snapshotsSucceedWhileChildrenKeepStarting() throws Exception {
        ConcurrentLinkedQueue<Process> children = new ConcurrentLinkedQueue<>();
        AtomicBoolean reading = new AtomicBoolean(true);
        CountDownLatch started = new CountDownLatch(5);
        Thread starter = new Thread(() -> {
            try {
                while (reading.get() && children.size() < 500) {
                    children.add(new ProcessBuilder("sleep", "60").start());
                    started.countDown();
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        starter.start();
        try {
            started.await();
            for (int i = 0; i < 10; i++) {
                ProcessTree.Snapshot s = ProcessTree.read(ProcessHandle.current().pid());
                assertThat(s.descendants()).isNotEmpty();
            }
        } finally {
            reading.set(false);
            starter.join();
            children.forEach(Process::destroy);
        }
    }
}
