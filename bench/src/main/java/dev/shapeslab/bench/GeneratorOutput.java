package dev.shapeslab.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one load generator run measured, read from what the generator printed: wrk's text report, or the
 * {@code key=value} lines of {@link OpenLoad}. Both runs are wrapped by the harness in a shell that prints
 * its own {@code /proc/PID/stat} line after the generator exited ({@value #CPU_LINE_PREFIX}...), whose
 * children's ticks are the generator's CPU time.
 *
 * <p>A figure that cannot be read makes {@link #parseWrk} or {@link #parseOpenLoad} throw: a cell never
 * falls back to another figure.
 */
record GeneratorOutput(String generator, long requests, double seconds, long failed,
                       Map<String, Double> latencyMicros, long generatorTicks) {

    static final String CPU_LINE_PREFIX = "generator-cpu: ";

    private static final Pattern WRK_TOTAL = Pattern.compile("^\\s*(\\d+) requests in ([0-9.]+)(us|ms|s|m|h), ");
    private static final Pattern WRK_PERCENTILE = Pattern.compile("^\\s*(50|75|90|99)%\\s+([0-9.]+)(us|ms|s|m|h)\\s*$");
    private static final Pattern WRK_NON_2XX = Pattern.compile("^\\s*Non-2xx or 3xx responses: (\\d+)\\s*$");
    private static final Pattern WRK_SOCKET = Pattern.compile(
            "^\\s*Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)\\s*$");
    /** A row of Gatling's statistics table: label | Total | OK | KO. */
    private static final Pattern GATLING_ROW = Pattern.compile(
            "^> (.+?)\\s*\\|\\s*([0-9,.]+|-)\\s*\\|\\s*([0-9,.]+|-)\\s*\\|\\s*([0-9,.]+|-)\\s*$");
    private static final Pattern GATLING_PERCENTILE = Pattern.compile("response time (\\d+)(?:st|nd|rd|th) percentile");

    double throughput() {
        return requests / seconds;
    }

    /** Requests that got a 2xx/3xx answer in time. */
    long succeeded() {
        return Math.max(0, requests - failed);
    }

    /**
     * wrk 4's report. {@code requests} counts answered requests of every status; {@code failed} adds the
     * non-2xx/3xx answers and the socket errors (connect, read, write, timeout). Percentiles need
     * {@code --latency}.
     */
    static GeneratorOutput parseWrk(List<String> lines) {
        Long requests = null;
        Double seconds = null;
        long failed = 0;
        Map<String, Double> latency = new LinkedHashMap<>();
        Long ticks = null;
        for (String line : lines) {
            Matcher m;
            if ((m = WRK_TOTAL.matcher(line)).find()) {
                requests = Long.parseLong(m.group(1));
                seconds = toMicros(m.group(2), m.group(3)) / 1e6;
            } else if ((m = WRK_PERCENTILE.matcher(line)).find()) {
                latency.put("p" + m.group(1), toMicros(m.group(2), m.group(3)));
            } else if ((m = WRK_NON_2XX.matcher(line)).find()) {
                failed += Long.parseLong(m.group(1));
            } else if ((m = WRK_SOCKET.matcher(line)).find()) {
                for (int g = 1; g <= 4; g++) {
                    failed += Long.parseLong(m.group(g));
                }
            } else if (line.startsWith(CPU_LINE_PREFIX)) {
                ticks = ProcStat.ProcessTicks.parse(line.substring(CPU_LINE_PREFIX.length())).children();
            }
        }
        String problem = requests == null ? "no 'N requests in T' line"
                : latency.size() != 4 ? "no latency distribution (run wrk with --latency)"
                : ticks == null ? "no '" + CPU_LINE_PREFIX + "' line (the harness's CPU wrapper)" : null;
        if (problem != null) {
            throw new IllegalArgumentException("unreadable wrk output: " + problem + firstLine(lines));
        }
        return new GeneratorOutput("wrk", requests, seconds, failed, latency, ticks);
    }

    /** {@link OpenLoad}'s output: every answer other than 2xx/3xx and every I/O error counts as failed. */
    static GeneratorOutput parseOpenLoad(List<String> lines) {
        Map<String, String> values = new LinkedHashMap<>();
        Long ticks = null;
        for (String line : lines) {
            if (line.startsWith(CPU_LINE_PREFIX)) {
                ticks = ProcStat.ProcessTicks.parse(line.substring(CPU_LINE_PREFIX.length())).children();
            } else {
                int eq = line.indexOf('=');
                if (eq > 0) {
                    values.put(line.substring(0, eq), line.substring(eq + 1));
                }
            }
        }
        for (String key : List.of("requests", "seconds", "latency_us.p50", "latency_us.p99")) {
            if (!values.containsKey(key)) {
                throw new IllegalArgumentException("unreadable open-load output: no '" + key + "='" + firstLine(lines));
            }
        }
        if (ticks == null) {
            throw new IllegalArgumentException("unreadable open-load output: no '" + CPU_LINE_PREFIX + "' line");
        }
        long failed = 0;
        for (Map.Entry<String, String> e : values.entrySet()) {
            if (e.getKey().startsWith("status.")) {
                String status = e.getKey().substring("status.".length());
                if (!status.startsWith("2") && !status.startsWith("3")) {
                    failed += Long.parseLong(e.getValue());
                }
            }
        }
        Map<String, Double> latency = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            if (k.startsWith("latency_us.")) {
                latency.put(k.substring("latency_us.".length()), Double.parseDouble(v));
            }
        });
        return new GeneratorOutput("open-load", Long.parseLong(values.get("requests")),
                Double.parseDouble(values.get("seconds")), failed, latency, ticks);
    }

    /**
     * Gatling's console: the "Global Information" block's request count (Total and KO columns) and
     * percentiles (ms). Gatling's "mean throughput" divides by every started second of the run, so the
     * throughput here is the request count over {@code loadSeconds}, the closed loop's duration.
     */
    static GeneratorOutput parseGatling(List<String> lines, double loadSeconds) {
        int global = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("---- Global Information")) {
                global = i;
            }
        }
        Long requests = null;
        long failed = 0;
        Map<String, Double> latency = new LinkedHashMap<>();
        Long ticks = null;
        for (int i = Math.max(global, 0); i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher m;
            if (line.startsWith(CPU_LINE_PREFIX)) {
                ticks = ProcStat.ProcessTicks.parse(line.substring(CPU_LINE_PREFIX.length())).children();
            } else if (global >= 0 && (m = GATLING_ROW.matcher(line)).find()) {
                String label = m.group(1).trim();
                String total = m.group(2);
                String ko = m.group(4);
                Matcher percentile = GATLING_PERCENTILE.matcher(label);
                if (label.equals("request count")) {
                    requests = gatlingNumber(total);
                    failed = ko.equals("-") ? 0 : gatlingNumber(ko);
                } else if (percentile.find()) {
                    latency.put("p" + percentile.group(1), gatlingNumber(total) * 1e3);
                }
            }
        }
        String problem = global < 0 ? "no 'Global Information' block"
                : requests == null ? "no 'request count' row"
                : ticks == null ? "no '" + CPU_LINE_PREFIX + "' line (the harness's CPU wrapper)" : null;
        if (problem != null) {
            throw new IllegalArgumentException("unreadable Gatling output: " + problem + firstLine(lines));
        }
        return new GeneratorOutput("gatling", requests, loadSeconds, failed, latency, ticks);
    }


    private static long gatlingNumber(String s) {
        return Long.parseLong(s.replace(",", "").replaceAll("\\..*", ""));
    }

    private static double toMicros(String number, String unit) {
        double v = Double.parseDouble(number);
        return switch (unit) {
            case "us" -> v;
            case "ms" -> v * 1e3;
            case "s" -> v * 1e6;
            case "m" -> v * 60e6;
            case "h" -> v * 3600e6;
            default -> throw new IllegalArgumentException("unknown time unit " + unit);
        };
    }

    private static String firstLine(List<String> lines) {
        return lines.isEmpty() ? " (empty output)" : " (output starts: " + ProcStat.abbreviate(lines.get(0)) + ")";
    }

    String latencyText(String key) {
        Double us = latencyMicros.get(key);
        return us == null ? "" : String.format(Locale.ROOT, "%.1f", us / 1e3);
    }
}
