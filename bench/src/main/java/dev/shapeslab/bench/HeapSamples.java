package dev.shapeslab.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The heap samples of a fault drill, read from {@code heap.tsv} ({@link HeapSampler}): per line the
 * drill's clock in ms, the app's RSS in KiB, and the line {@code jstat -gc} printed (capacities and use of
 * the survivor, eden and old spaces in KiB, then the GC counts). Columns are found by jstat's header, so
 * another JDK's column order still reads.
 */
final class HeapSamples {

    /**
     * {@code used}: survivors + eden + old. {@code retained}: survivors + old, what is left after young
     * collections, whose trend says whether the heap fills up. {@code fullGcs}: jstat's FGC count.
     */
    record Sample(double millis, Long rssKib, double usedKib, double retainedKib, double capacityKib, long fullGcs) {
    }

    private HeapSamples() {
    }

    static List<Sample> parse(List<String> lines) {
        String[] header = null;
        List<Sample> samples = new ArrayList<>();
        for (String line : lines) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.trim().split("\\s+");
            if (f[0].equals("t_ms")) {
                header = f;
                continue;
            }
            if (header == null) {
                throw new IllegalArgumentException("heap samples without jstat's header line: " + ProcStat.abbreviate(line));
            }
            if (f.length != header.length) {
                throw new IllegalArgumentException("a heap sample with " + f.length + " fields under a header of "
                        + header.length + ": " + ProcStat.abbreviate(line));
            }
            double s0u = value(header, f, "S0U");
            double s1u = value(header, f, "S1U");
            double old = value(header, f, "OU");
            double capacity = value(header, f, "S0C") + value(header, f, "S1C") + value(header, f, "EC")
                    + value(header, f, "OC");
            samples.add(new Sample(Double.parseDouble(f[0]), f[1].equals("-") ? null : Long.parseLong(f[1]),
                    s0u + s1u + value(header, f, "EU") + old, s0u + s1u + old, capacity,
                    (long) value(header, f, "FGC")));
        }
        return samples;
    }

    /** The samples taken between {@code fromMillis} and {@code toMillis} on the drill's clock. */
    static List<Sample> between(List<Sample> samples, double fromMillis, double toMillis) {
        return samples.stream().filter(s -> s.millis() >= fromMillis && s.millis() <= toMillis).toList();
    }

    static double peakUsedMib(List<Sample> samples) {
        return samples.stream().mapToDouble(Sample::usedKib).max().orElse(Double.NaN) / 1024;
    }

    static long fullGcs(List<Sample> samples) {
        return samples.isEmpty() ? 0 : samples.get(samples.size() - 1).fullGcs() - samples.get(0).fullGcs();
    }

    /** Retained heap in MiB at the end of each {@code sliceMillis} of the samples, e.g. "38, 41, 40". */
    static String retainedSeries(List<Sample> samples, double sliceMillis) {
        if (samples.isEmpty()) {
            return "";
        }
        List<String> values = new ArrayList<>();
        double sliceEnd = samples.get(0).millis() + sliceMillis;
        Sample last = null;
        for (Sample s : samples) {
            if (s.millis() > sliceEnd && last != null) {
                values.add(String.format(Locale.ROOT, "%.0f", last.retainedKib() / 1024));
                while (s.millis() > sliceEnd) {
                    sliceEnd += sliceMillis;
                }
            }
            last = s;
        }
        values.add(String.format(Locale.ROOT, "%.0f", last.retainedKib() / 1024));
        return String.join(", ", values);
    }

    /**
     * Flat: no full collection, and the lowest retained heap (survivors + old) of the last quarter of the
     * samples is within {@code allowanceMib} of the lowest of the first quarter (lowest: the level the heap
     * comes back to; old space grows between G1's mixed collections). A heap that fills up with requests
     * held in memory grows by hundreds of MiB and ends in full collections.
     */
    static boolean flat(List<Sample> samples, double allowanceMib) {
        if (samples.size() < 4) {
            return false;
        }
        int quarter = samples.size() / 4;
        double first = samples.subList(0, quarter).stream().mapToDouble(Sample::retainedKib).min().orElseThrow();
        double last = samples.subList(samples.size() - quarter, samples.size()).stream()
                .mapToDouble(Sample::retainedKib).min().orElseThrow();
        return fullGcs(samples) == 0 && (last - first) / 1024 <= allowanceMib;
    }

    private static double value(String[] header, String[] fields, String column) {
        int i = Arrays.asList(header).indexOf(column);
        if (i < 0) {
            throw new IllegalArgumentException("jstat's header has no column " + column + ": " + String.join(" ", header));
        }
        return fields[i].equals("-") ? 0 : Double.parseDouble(fields[i]);
    }
}
