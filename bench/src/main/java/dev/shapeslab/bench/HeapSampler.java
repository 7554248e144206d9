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
 * {@code jstat -gc -t PID 1000} for the whole drill (a JVM started once, reading the target's perf data;
 * a {@code jcmd} per sample would cost a JVM start each second on 2 cores), each of its lines placed on the
 * drill's clock by the app's uptime it carries ({@link Placement}) and stamped with the app's
 * {@code VmRSS} on arrival. {@link HeapSamples} reads the file.
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
        Process p = processes.startPiped(List.of(jstat, "-gc", "-t", Long.toString(pid), "1000"));
        Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        Thread reader = new Thread(() -> copy(p, pid, originNanos, out), "heap-sampler");
        reader.setDaemon(true);
        reader.start();
        return new HeapSampler(p, reader);
    }

    /**
     * Where a jstat line belongs on the drill's clock. Lines are stamped by the app's uptime (jstat's
     * {@code Timestamp} column, {@code -t}), and the uptime's offset to the drill's clock is the smallest
     * difference seen between a line's arrival and its uptime: a line never arrives before it was sampled,
     * and on a saturated machine the harness read them late, in bursts (an overload's 20 lines all arrived
     * at its end when they were stamped on arrival, and its heap series could not be placed).
     */
    static final class Placement {
        private double offsetMillis = Double.POSITIVE_INFINITY;

        /** The drill-clock time of a sample taken at {@code uptimeSeconds}, read at {@code arrivalMillis}. */
        double place(double uptimeSeconds, double arrivalMillis) {
            offsetMillis = Math.min(offsetMillis, arrivalMillis - uptimeSeconds * 1000);
            return uptimeSeconds * 1000 + offsetMillis;
        }
    }

    private static void copy(Process p, long pid, long originNanos, Writer out) {
        Placement placement = new Placement();
        try (out; BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                boolean header = line.trim().startsWith("Timestamp");
                double arrival = (System.nanoTime() - originNanos) / 1e6;
                double at = header ? 0 : placement.place(uptimeSeconds(line), arrival);
                out.write(header ? "t_ms\trss_kib" : String.format(Locale.ROOT, "%.0f\t%s", at, rssKib(pid)));
                out.write('\t');
                out.write(line.trim());
                out.write('\n');
                out.flush();
            }
        } catch (IOException e) {
            System.err.println("compare: heap sampling stopped: " + e);
        }
    }

    /** jstat's {@code Timestamp} column: the app's uptime in seconds ("12.3", or "12,3" in some locales). */
    static double uptimeSeconds(String jstatLine) {
        return Double.parseDouble(jstatLine.trim().split("\\s+")[0].replace(',', '.'));
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
