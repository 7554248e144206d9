package dev.shapeslab.bench;

import dev.shapeslab.bench.ProcStat.MachineTicks;
import dev.shapeslab.bench.ProcStat.ProcessTicks;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

/**
 * One load window of a cell and its figures: what the generator measured, and the CPU time the app, its
 * database server and the generator spent in it, per completed request.
 *
 * <p>A window is two files written by {@link Compare}: {@code NAME.out}, the generator's output (wrk's,
 * or {@link OpenLoad}'s for {@code open-*}, or Gatling's for {@code gatling-*}), and
 * {@code NAME.cpu.json}, the raw {@code /proc} lines of the app, the database server and the machine taken just
 * before the generator started and just after it ended. Only those lines count, so the start-up, the
 * warm-up and anything outside the window do not.
 */
record Window(String name, GeneratorOutput load, double appMicros, Double dbMicros, double generatorMicros,
              double generatorShare,
              /** the share of the machine's CPU that other processes used, and that the hypervisor took (steal) */
              double otherShare, double stealShare, Double proxyMicros,
              /** the app's RSS (KiB) and threads just after the window, from its /proc status; null when not kept */
              Long appRssKib, Integer appThreads) {

    /** Answers 2xx or 3xx a second. */
    double successes() {
        return load.succeeded() / load.seconds();
    }

    /** The app's CPU per successful answer (µs), 503s and other failures included in the cost; NaN without a success. */
    double appPerSuccess() {
        double successes = successes();
        return successes > 0 ? appMicros * load.throughput() / successes : Double.NaN;
    }

    /**
     * Reads window {@code name} of {@code cellDir}. {@code clkTck} is the kernel's clock tick rate
     * ({@code getconf CLK_TCK}, 100 on Linux).
     */
    static Window load(Path cellDir, String name, double clkTck) throws IOException {
        List<String> out = Files.readAllLines(cellDir.resolve(name + ".out"), StandardCharsets.UTF_8);
        Properties cpu = RecordFiles.read(cellDir.resolve(name + ".cpu.json"));
        GeneratorOutput load;
        if (name.startsWith("open-")) {
            load = GeneratorOutput.parseOpenLoad(out);
        } else if (name.startsWith("gatling-")) {
            load = GeneratorOutput.parseGatling(out, Double.parseDouble(required(cpu, "load_seconds")));
        } else {
            load = GeneratorOutput.parseWrk(out);
        }
        return of(name, load, cpu, clkTck);
    }

    static Window of(String name, GeneratorOutput load, Properties cpu, double clkTck) {
        if (load.requests() == 0) {
            throw new IllegalArgumentException("window " + name + ": the generator completed no request");
        }
        double microsPerTick = 1e6 / clkTck;
        long app = ticks(cpu, "app");
        Long db = !cpu.containsKey("before.db") ? null
                : ProcessTree.ACCOUNTING.equals(cpu.getProperty(ProcessTree.ACCOUNTING_KEY))
                        ? ProcessTree.ticksBetween(ProcessTree.Snapshot.load(cpu, "before"), ProcessTree.Snapshot.load(cpu, "after"))
                        : ticks(cpu, "db");
        MachineTicks before = MachineTicks.parse(required(cpu, "before.machine"));
        MachineTicks after = MachineTicks.parse(required(cpu, "after.machine"));
        long machineTotal = after.total() - before.total();
        long machineBusy = after.busy() - before.busy();
        long steal = after.steal() - before.steal();
        Long proxy = cpu.containsKey("before.proxy") ? ticks(cpu, "proxy") : null;
        long others = machineBusy - steal - app - (db == null ? 0 : db) - (proxy == null ? 0 : proxy)
                - load.generatorTicks();
        double perRequest = microsPerTick / load.requests();
        Long threads = number(cpu, "after.app_threads");
        return new Window(name, load, app * perRequest, db == null ? null : db * perRequest,
                load.generatorTicks() * perRequest,
                share(load.generatorTicks(), machineTotal), share(Math.max(0, others), machineTotal),
                share(steal, machineTotal),
                proxy == null ? null : proxy * perRequest,
                number(cpu, "after.app_rss_kib"), threads == null ? null : threads.intValue());
    }

    /** {@code ticks} as a share of the machine's {@code total} in the window; 0 when the machine's clock did not move. */
    private static double share(long ticks, long total) {
        return total <= 0 ? 0 : (double) ticks / total;
    }

    /** A whole number the snapshot may hold (older runs kept fewer figures); null without it. */
    private static Long number(Properties cpu, String key) {
        String value = cpu.getProperty(key, "");
        return value.isEmpty() ? null : Long.valueOf(value);
    }

    /** The ticks a process spent between the two snapshots (its own time; a JVM's threads are all in it). */
    private static long ticks(Properties cpu, String process) {
        ProcessTicks before = ProcessTicks.parse(required(cpu, "before." + process));
        ProcessTicks after = ProcessTicks.parse(required(cpu, "after." + process));
        long spent = after.own() - before.own();
        if (spent < 0) {
            throw new IllegalArgumentException("the " + process + " process's CPU time went backwards: "
                    + "the snapshots are of two different processes");
        }
        return spent;
    }

    private static String required(Properties cpu, String key) {
        String v = cpu.getProperty(key);
        if (v == null || v.isBlank()) {
            throw new IllegalArgumentException("CPU snapshot without '" + key + "'");
        }
        return v;
    }
}
