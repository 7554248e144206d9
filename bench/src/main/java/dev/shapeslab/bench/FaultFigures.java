package dev.shapeslab.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The figures of one {@code faults} cell, computed from the raw files {@link FaultDrill} left, so that
 * {@code --report-only} computes them again; and the targets of issue 8 they miss ({@link #unmet}).
 *
 * <p>Database faults ({@code kill}, {@code freeze}), on the drill's clock: a request is <em>before</em> the
 * fault when it ended before it began, <em>during</em> it when it was in flight at any moment between the
 * fault and the database's return (in flight when the server died counts), <em>after</em> when it started
 * once the database was back. Overload: a request counts in a window when it ended inside it.
 */
final class FaultFigures {

    static final double RECOVERY_TARGET_MILLIS = 5_000;
    static final double REFUSED_ANSWER_TARGET_MILLIS = 1_000;
    static final long LOG_TARGET_BYTES = 1_000_000;
    static final double GOODPUT_TARGET = 0.9;
    static final double REJECTION_P99_TARGET_MILLIS = 100;
    /** Growth of the retained heap over the overload that still counts as flat ({@link HeapSamples#flat}), as a share of -Xmx. */
    static final double HEAP_GROWTH_ALLOWANCE = 0.1;

    final String fault;
    final Properties drill;
    // database faults
    Map<String, Long> before = Map.of();
    Map<String, Long> during = Map.of();
    Map<String, Long> after = Map.of();
    Double recoveryMillis;
    Double slowestAnswerDuringMillis;
    DrillRecord longest;
    long acknowledged;
    long lost;
    long unverified;
    long storedThoughRejected;
    /** 500s whose commit's outcome the app reported unknown, and how many of those were stored. */
    long outcomeUnknown;
    long outcomeUnknownStored;
    long unanswered;
    long unansweredStored;
    long logBytes;
    // overload
    double kneeGoodput;
    double goodput;
    Map<String, Long> overloadStatuses = Map.of();
    /**
     * Answers of any status per second over the overload's window, and their mean latency: in a closed loop
     * the mean is the number of clients divided by the rate (Little's law), which the report shows beside it.
     */
    double answersPerSecond;
    double meanAnsweredMillis = Double.NaN;
    double p99CreatedMillis = Double.NaN;
    double p99RejectedMillis = Double.NaN;
    double p50RejectedMillis = Double.NaN;
    /** The {@link LatencyProbe}'s answers by status, and its latency percentiles (ms) by status; empty without one. */
    Map<String, Long> probeStatuses = Map.of();
    double probeP50RejectedMillis = Double.NaN;
    double probeP99RejectedMillis = Double.NaN;
    double probeP99AdmittedMillis = Double.NaN;
    long probeSkipped;
    String retainedSeries = "";
    /** TCP counters' growth ({@link NetStat#COUNTERS}) over the knee window and over the whole overload load. */
    Map<String, Long> kneeTcp = Map.of();
    Map<String, Long> overloadTcp = Map.of();
    /** Shares of the machine's CPU over the whole overload load: the app's and the harness's (the generator); NaN if unknown. */
    double appCpuShare = Double.NaN;
    double generatorCpuShare = Double.NaN;
    /** Requests without an answer by how they failed (DrillLoad's error counts). */
    Map<String, Long> overloadErrors = Map.of();
    Boolean heapFlat;
    // both
    double peakHeapMib;
    long fullGcs;
    long peakRssKib;
    double heapMib;

    private FaultFigures(String fault, Properties drill) {
        this.fault = fault;
        this.drill = drill;
    }

    static FaultFigures load(Path dir) throws IOException {
        Properties drill = RecordFiles.read(dir.resolve("drill.json"));
        Properties cell = RecordFiles.read(dir.resolve("cell.json"));
        String fault = drill.getProperty("fault", cell.getProperty("fault", ""));
        if (fault.isEmpty()) {
            throw new IllegalArgumentException("no drill.json: the drill did not run");
        }
        FaultFigures f = new FaultFigures(fault, drill);
        f.heapMib = mebibytes(cell.getProperty("app_heap", "512m"));
        String rss = drill.getProperty("peak_rss_kib", "");
        f.peakRssKib = rss.isEmpty() ? 0 : Long.parseLong(rss);
        List<HeapSamples.Sample> heap = Files.exists(dir.resolve("heap.tsv"))
                ? HeapSamples.parse(Files.readAllLines(dir.resolve("heap.tsv"), StandardCharsets.UTF_8)) : List.of();
        if (fault.equals("overload")) {
            f.overload(DrillRecord.read(dir.resolve("knee.tsv")), DrillRecord.read(dir.resolve("overload.tsv")), heap);
            if (Files.exists(dir.resolve("probe.tsv"))) {
                f.probe(DrillRecord.read(dir.resolve("probe.tsv")));
            }
        } else {
            f.databaseFault(DrillRecord.read(dir.resolve("requests.tsv")), readBack(dir.resolve("readback.tsv")),
                    stored(dir.resolve("stored.txt")), heap);
        }
        return f;
    }

    private void databaseFault(List<DrillRecord> records, Map<Long, String> readBack, Set<Long> stored,
                               List<HeapSamples.Sample> heap) {
        long faultStart = micros("fault_start");
        long back = micros("db_back");
        before = statuses(records, r -> r.endMicros() < faultStart);
        during = statuses(records, r -> r.endMicros() >= faultStart && r.startMicros() < back);
        after = statuses(records, r -> r.startMicros() >= back);
        recoveryMillis = recoveryMillis(records, back);
        slowestAnswerDuringMillis = records.stream()
                .filter(r -> r.endMicros() >= faultStart && r.startMicros() < back && r.answered() && !r.created())
                .mapToLong(DrillRecord::micros).max().stream().mapToObj(m -> m / 1e3).findFirst().orElse(null);
        longest = longest(records);
        acknowledged = records.stream().filter(DrillRecord::created).count();
        lost = readBack.values().stream().filter("404"::equals).count();
        unverified = acknowledged - lost - readBack.values().stream().filter("200"::equals).count();
        // A 500 is the app saying "outcome unknown" (the database went away while committing), not a refusal.
        storedThoughRejected = records.stream().filter(r -> r.answered() && !r.created() && !r.status().equals("500")
                && stored.contains(r.n())).count();
        outcomeUnknown = records.stream().filter(r -> r.status().equals("500")).count();
        outcomeUnknownStored = records.stream().filter(r -> r.status().equals("500") && stored.contains(r.n())).count();
        unanswered = records.stream().filter(r -> !r.answered()).count();
        unansweredStored = records.stream().filter(r -> !r.answered() && stored.contains(r.n())).count();
        logBytes = bytes("load_end") - bytes("fault_start");
        peakHeapMib = HeapSamples.peakUsedMib(heap);
        fullGcs = HeapSamples.fullGcs(heap);
    }

    private void overload(List<DrillRecord> knee, List<DrillRecord> over, List<HeapSamples.Sample> heap) {
        long kneeFrom = micros("knee_start");
        long kneeTo = micros("knee_end");
        long from = micros("overload_start");
        long to = micros("overload_end");
        kneeGoodput = goodput(knee, kneeFrom, kneeTo);
        goodput = goodput(over, from, to);
        List<DrillRecord> window = over.stream().filter(r -> r.endMicros() >= from && r.endMicros() <= to).toList();
        overloadStatuses = statuses(window, r -> true);
        List<DrillRecord> answered = window.stream().filter(DrillRecord::answered).toList();
        answersPerSecond = answered.size() / ((to - from) / 1e6);
        meanAnsweredMillis = answered.stream().mapToLong(DrillRecord::micros).average().orElse(Double.NaN) / 1e3;
        p99CreatedMillis = percentileMillis(window, "201", 0.99);
        p99RejectedMillis = percentileMillis(window, "503", 0.99);
        p50RejectedMillis = percentileMillis(window, "503", 0.5);
        longest = longest(over);
        logBytes = bytes("load_end") - bytes("overload_load_start");
        kneeTcp = tcp("knee_start", "knee_end");
        overloadTcp = tcp("overload_load_start", "load_end");
        appCpuShare = cpuShare("app", "overload_load_start", "load_end");
        generatorCpuShare = cpuShare("generator", "overload_load_start", "load_end");
        Map<String, Long> errors = new TreeMap<>();
        drill.stringPropertyNames().stream().filter(k -> k.startsWith("errors."))
                .forEach(k -> errors.put(k.substring("errors.".length()), Long.parseLong(drill.getProperty(k))));
        overloadErrors = errors;
        List<HeapSamples.Sample> during = HeapSamples.between(heap, from / 1e3, to / 1e3);
        retainedSeries = HeapSamples.retainedSeries(during, 5_000);
        heapFlat = HeapSamples.flat(during, HEAP_GROWTH_ALLOWANCE * heapMib);
        peakHeapMib = HeapSamples.peakUsedMib(during);
        fullGcs = HeapSamples.fullGcs(during);
    }

    /** The lone client's figures: what a client that is not one of the load's thousands waits. */
    private void probe(List<DrillRecord> probes) {
        probeStatuses = statuses(probes, r -> true);
        probeP50RejectedMillis = percentileMillis(probes, "503", 0.5);
        probeP99RejectedMillis = percentileMillis(probes, "503", 0.99);
        probeP99AdmittedMillis = percentileMillis(probes, "404", 0.99);
        probeSkipped = Long.parseLong(drill.getProperty("probe_skipped", "0"));
    }

    /** Issue 8's targets this cell misses, each with what was measured; empty when it meets them all. */
    List<String> unmet() {
        List<String> unmet = new ArrayList<>();
        if (fault.equals("overload")) {
            if (goodput < GOODPUT_TARGET * kneeGoodput) {
                unmet.add(String.format(Locale.ROOT, "goodput %.0f %% of the knee (target ≥ %.0f %%)",
                        100 * goodput / kneeGoodput, 100 * GOODPUT_TARGET));
            }
            if (!(p99RejectedMillis <= REJECTION_P99_TARGET_MILLIS) && !Double.isNaN(p99RejectedMillis)) {
                unmet.add(String.format(Locale.ROOT, "p99 of the 503s %.0f ms (target ≤ %.0f)", p99RejectedMillis,
                        REJECTION_P99_TARGET_MILLIS));
            }
            if (!Boolean.TRUE.equals(heapFlat)) {
                unmet.add("heap not flat (" + retainedSeries + " MiB retained, " + fullGcs + " full GCs)");
            }
        } else {
            if (lost > 0) {
                unmet.add(lost + " acknowledged writes lost");
            }
            if (storedThoughRejected > 0) {
                unmet.add(storedThoughRejected + " writes stored though rejected");
            }
            if (recoveryMillis == null) {
                unmet.add("no 201 after the database was back");
            } else if (recoveryMillis > RECOVERY_TARGET_MILLIS) {
                unmet.add(String.format(Locale.ROOT, "recovery %.1f s (target ≤ 5 s)", recoveryMillis / 1e3));
            }
            if (fault.equals("kill") && slowestAnswerDuringMillis != null && slowestAnswerDuringMillis > REFUSED_ANSWER_TARGET_MILLIS) {
                unmet.add(String.format(Locale.ROOT, "an error answer took %.1f s while H2 was down (target ≤ 1 s)",
                        slowestAnswerDuringMillis / 1e3));
            }
        }
        if (logBytes > LOG_TARGET_BYTES) {
            unmet.add(String.format(Locale.ROOT, "%.1f MB of log (target ≤ 1 MB)", logBytes / 1e6));
        }
        return unmet;
    }

    /** Requests by how they ended ("201", "503", "timeout"...), of those that {@code in} selects. */
    static Map<String, Long> statuses(List<DrillRecord> records, Predicate<DrillRecord> in) {
        return records.stream().filter(in).collect(Collectors.groupingBy(DrillRecord::status, TreeMap::new, Collectors.counting()));
    }

    /** From the database's return to the end of the first 201 after it (whenever that request started), or null. */
    static Double recoveryMillis(List<DrillRecord> records, long backMicros) {
        return records.stream().filter(r -> r.created() && r.endMicros() >= backMicros)
                .mapToLong(DrillRecord::endMicros).min().stream().mapToObj(end -> (end - backMicros) / 1e3)
                .findFirst().orElse(null);
    }

    /** 201s per second among the requests that ended between {@code from} and {@code to}. */
    static double goodput(List<DrillRecord> records, long fromMicros, long toMicros) {
        long created = records.stream().filter(r -> r.created() && r.endMicros() >= fromMicros && r.endMicros() <= toMicros).count();
        return created / ((toMicros - fromMicros) / 1e6);
    }

    /** The latency at quantile {@code q} of the requests that ended with {@code status} (HdrHistogram); NaN if none. */
    static double percentileMillis(List<DrillRecord> records, String status, double q) {
        return Latencies.micros(Latencies.of(records.stream().filter(r -> r.status().equals(status)).toList(),
                DrillRecord::micros), q) / 1e3;
    }

    static DrillRecord longest(List<DrillRecord> records) {
        DrillRecord longest = null;
        for (DrillRecord r : records) {
            if (longest == null || r.micros() > longest.micros()) {
                longest = r;
            }
        }
        return longest;
    }

    /** "201: 5,156 · 503: 28" */
    static String format(Map<String, Long> statuses) {
        if (statuses.isEmpty()) {
            return "none";
        }
        return statuses.entrySet().stream().map(e -> String.format(Locale.ROOT, "%s: %,d", e.getKey(), e.getValue()))
                .collect(Collectors.joining(" · "));
    }

    /** "28 of 5,185" for the requests that did not end in a 201. */
    static String notCreated(Map<String, Long> statuses) {
        long all = statuses.values().stream().mapToLong(Long::longValue).sum();
        long other = all - statuses.getOrDefault(DrillRecord.CREATED, 0L);
        return other == 0 ? String.format(Locale.ROOT, "0 of %,d", all)
                : String.format(Locale.ROOT, "%,d of %,d (%s)", other, all, format(statuses.entrySet().stream()
                        .filter(e -> !e.getKey().equals(DrillRecord.CREATED))
                        .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, Long::sum, TreeMap::new))));
    }

    private long micros(String event) {
        String v = drill.getProperty(event + "_us");
        if (v == null) {
            throw new IllegalArgumentException("drill.json without " + event + "_us");
        }
        return Long.parseLong(v);
    }

    /** A process's CPU time between two events as a share of the machine's (all cores), from the raw /proc lines. */
    private double cpuShare(String process, String from, String to) {
        String before = drill.getProperty(from + "_stat_" + process);
        String after = drill.getProperty(to + "_stat_" + process);
        String machineBefore = drill.getProperty(from + "_stat_machine");
        String machineAfter = drill.getProperty(to + "_stat_machine");
        if (before == null || after == null || machineBefore == null || machineAfter == null) {
            return Double.NaN;
        }
        long spent = ProcStat.ProcessTicks.parse(after).own() - ProcStat.ProcessTicks.parse(before).own();
        long machine = ProcStat.MachineTicks.parse(machineAfter).total() - ProcStat.MachineTicks.parse(machineBefore).total();
        return machine <= 0 ? Double.NaN : (double) spent / machine;
    }

    private Map<String, Long> tcp(String from, String to) {
        String before = drill.getProperty(from + "_tcp");
        String after = drill.getProperty(to + "_tcp");
        return before == null || after == null ? Map.of() : NetStat.delta(before, after);
    }

    private long bytes(String event) {
        return Long.parseLong(drill.getProperty(event + "_log_bytes", "0"));
    }

    private static Map<Long, String> readBack(Path file) throws IOException {
        Map<Long, String> statuses = new TreeMap<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String[] f = line.split("\t");
            if (f.length == 2 && !f[0].equals("id")) {
                statuses.put(Long.parseLong(f[0]), f[1]);
            }
        }
        return statuses;
    }

    private static Set<Long> stored(Path file) throws IOException {
        Set<Long> numbers = new HashSet<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                numbers.add(Long.parseLong(line.trim()));
            }
        }
        return numbers;
    }

    /** "512m" -> 512, "1g" -> 1024. */
    static double mebibytes(String size) {
        String s = size.trim().toLowerCase(Locale.ROOT);
        double n = Double.parseDouble(s.replaceAll("[kmg]$", ""));
        return switch (s.charAt(s.length() - 1)) {
            case 'g' -> n * 1024;
            case 'm' -> n;
            case 'k' -> n / 1024;
            default -> n / 1024 / 1024;
        };
    }
}
