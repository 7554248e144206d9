package dev.shapeslab.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Samples the app's heap and RSS once a second during a fault drill into {@code heap.tsv}: one
 * {@code jstat -gc PID 1000} for the whole drill (a JVM started once, reading the target's perf data;
 * a {@code jcmd} per sample would cost a JVM start each second on 2 cores), each of its lines stamped on
 * arrival with the drill's clock and the app's {@code VmRSS}. {@link HeapSamples} reads the file.
 */
final class HeapSampler implements AutoCloseable {

    private final Process jstat;
    private final Thread reader;

    private HeapSampler(Process jstat, Thread reader) {
        this.jstat = jstat;
        this.reader = reader;
    }

    /** {@code jstat} must be the app JDK's own (a jstat reads the perf data of its own JDK's format). */
    static HeapSampler start(Processes processes, String jstat, long pid, long originNanos, Path file) throws IOException {
        Process p = processes.startPiped(List.of(jstat, "-gc", Long.toString(pid), "1000"));
        Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        Thread reader = new Thread(() -> copy(p, pid, originNanos, out), "heap-sampler");
        reader.setDaemon(true);
        reader.start();
        return new HeapSampler(p, reader);
    }

    private static void copy(Process p, long pid, long originNanos, Writer out) {
        try (out; BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                boolean header = line.trim().startsWith("S0C");
                out.write(header ? "t_ms\trss_kib" : String.format(Locale.ROOT, "%.0f\t%s",
                        (System.nanoTime() - originNanos) / 1e6, rssKib(pid)));
                out.write('\t');
                out.write(line.trim());
                out.write('\n');
                out.flush();
            }
        } catch (IOException e) {
            System.err.println("compare: heap sampling stopped: " + e);
        }
    }

    private static String rssKib(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return line.substring("VmRSS:".length()).replace("kB", "").trim();
                }
            }
        } catch (IOException e) {
            // the app is gone: no RSS
        }
        return "-";
    }

    @Override
    public void close() throws InterruptedException {
        jstat.destroy();
        reader.join(5_000);
    }
}
