package dev.shapeslab.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one load generator run measured, read from what the generator printed: for wrk, the JSON line its
 * {@code done()} hook prints ({@link Workload#luaScript}, prefix {@value #WRK_JSON_PREFIX}); for {@link OpenLoad},
 * its JSON line ({@value OpenLoad#JSON_PREFIX}); for Gatling, its console's "Global Information" block. Runs
 * recorded before those JSON lines existed are read from wrk's text report and OpenLoad's {@code key=value}
 * lines, so that {@code --report-only} still reads them. The runs are wrapped by the harness in a shell that prints
 * its own {@code /proc/PID/stat} line after the generator exited ({@value #CPU_LINE_PREFIX}...), whose
 * children's ticks are the generator's CPU time.
 *
 * <p>A figure that cannot be read makes {@link #parseWrk} or {@link #parseOpenLoad} throw: a cell never
 * falls back to another figure.
 */
record GeneratorOutput(String generator, long requests, double seconds, long failed,
                       Map<String, Double> latencyMicros, long generatorTicks, Map<String, Long> errors) {

    static final String CPU_LINE_PREFIX = "generator-cpu: ";
    /** The line of wrk's {@code done()} hook in the harness's Lua script. */
    static final String WRK_JSON_PREFIX = "wrk-json: ";
    private static final ObjectMapper JSON = new ObjectMapper();

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
     * wrk 4's figures. {@code requests} counts answered requests of every status; {@code failed} adds the
     * non-2xx/3xx answers and the socket errors (connect, read, write, timeout), which {@code errors} holds by
     * kind. From the JSON line of the script's {@code done()} hook, which has wrk's own percentiles up to
     * p99.99 and the maximum; from the text report (percentiles need {@code --latency}) for runs recorded
     * before it.
     */
    static GeneratorOutput parseWrk(List<String> lines) {
        Long ticks = cpuTicks(lines);
        for (String line : lines) {
            if (line.startsWith(WRK_JSON_PREFIX)) {
                if (ticks == null) {
                    throw new IllegalArgumentException("unreadable wrk output: no '" + CPU_LINE_PREFIX
                            + "' line (the harness's CPU wrapper)" + firstLine(lines));
                }
                return wrkJson(line.substring(WRK_JSON_PREFIX.length()), ticks);
            }
        }
        return parseWrkText(lines);
    }

    private static GeneratorOutput wrkJson(String json, long ticks) {
        JsonNode root = readJson(json, "wrk");
        Map<String, Long> errors = new LinkedHashMap<>();
        long failed = 0;
        for (String kind : List.of("status", "connect", "read", "write", "timeout")) {
            long n = required(root.path("errors"), kind, "wrk").asLong();
            if (n > 0) {
                errors.put(kind.equals("status") ? "non-2xx" : kind, n);
            }
            failed += n;
        }
        Map<String, Double> latency = new LinkedHashMap<>();
        root.path("latency_us").fields().forEachRemaining(e -> latency.put(e.getKey(), e.getValue().asDouble()));
        if (!latency.containsKey("p99")) {
            throw new IllegalArgumentException("unreadable wrk output: no latency_us.p99 in its JSON");
        }
        return new GeneratorOutput("wrk", required(root, "requests", "wrk").asLong(),
                required(root, "duration_us", "wrk").asDouble() / 1e6, failed, latency, ticks, errors);
    }

    /** wrk's text report, as runs recorded before the {@code done()} hook have it. */
    private static GeneratorOutput parseWrkText(List<String> lines) {
        Long requests = null;
        Double seconds = null;
        long failed = 0;
        Map<String, Long> errors = new LinkedHashMap<>();
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
                errors.put("non-2xx", Long.parseLong(m.group(1)));
            } else if ((m = WRK_SOCKET.matcher(line)).find()) {
                List<String> kinds = List.of("connect", "read", "write", "timeout");
                for (int g = 1; g <= 4; g++) {
                    failed += Long.parseLong(m.group(g));
                    if (Long.parseLong(m.group(g)) > 0) {
                        errors.put(kinds.get(g - 1), Long.parseLong(m.group(g)));
                    }
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
        return new GeneratorOutput("wrk", requests, seconds, failed, latency, ticks, errors);
    }

    /**
     * {@link OpenLoad}'s output: every answer other than 2xx/3xx and every I/O error counts as failed, and
     * {@code errors} holds them by status. Its JSON line, or its {@code key=value} lines in older runs.
     */
    static GeneratorOutput parseOpenLoad(List<String> lines) {
        for (String line : lines) {
            if (line.startsWith(OpenLoad.JSON_PREFIX)) {
                Long ticks = cpuTicks(lines);
                if (ticks == null) {
                    throw new IllegalArgumentException("unreadable open-load output: no '" + CPU_LINE_PREFIX + "' line");
                }
                return openLoadJson(line.substring(OpenLoad.JSON_PREFIX.length()), ticks);
            }
        }
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
        Map<String, Long> statuses = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : values.entrySet()) {
            if (e.getKey().startsWith("status.")) {
                statuses.put(e.getKey().substring("status.".length()), Long.parseLong(e.getValue()));
            }
        }
        Map<String, Long> errors = failures(statuses);
        long failed = errors.values().stream().mapToLong(Long::longValue).sum();
        Map<String, Double> latency = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            if (k.startsWith("latency_us.")) {
                latency.put(k.substring("latency_us.".length()), Double.parseDouble(v));
            }
        });
        return new GeneratorOutput("open-load", Long.parseLong(values.get("requests")),
                Double.parseDouble(values.get("seconds")), failed, latency, ticks, errors);
    }

    private static GeneratorOutput openLoadJson(String json, long ticks) {
        JsonNode root = readJson(json, "open-load");
        Map<String, Long> statuses = new LinkedHashMap<>();
        root.path("statuses").fields().forEachRemaining(e -> statuses.put(e.getKey(), e.getValue().asLong()));
        Map<String, Long> errors = failures(statuses);
        Map<String, Double> latency = new LinkedHashMap<>();
        root.path("latency_us").fields().forEachRemaining(e -> latency.put(e.getKey(), e.getValue().asDouble()));
        for (String key : List.of("p50", "p99")) {
            if (!latency.containsKey(key)) {
                throw new IllegalArgumentException("unreadable open-load output: no latency_us." + key);
            }
        }
        return new GeneratorOutput("open-load", required(root, "requests", "open-load").asLong(),
                required(root, "seconds", "open-load").asDouble(), errors.values().stream().mapToLong(Long::longValue).sum(),
                latency, ticks, errors);
    }

    /** The statuses other than 2xx/3xx ("error" for an I/O error). */
    private static Map<String, Long> failures(Map<String, Long> statuses) {
        Map<String, Long> failed = new LinkedHashMap<>();
        statuses.forEach((status, n) -> {
            if (!status.startsWith("2") && !status.startsWith("3") && n > 0) {
                failed.put(status, n);
            }
        });
        return failed;
    }

    private static Long cpuTicks(List<String> lines) {
        for (String line : lines) {
            if (line.startsWith(CPU_LINE_PREFIX)) {
                return ProcStat.ProcessTicks.parse(line.substring(CPU_LINE_PREFIX.length())).children();
            }
        }
        return null;
    }

    private static JsonNode readJson(String json, String generator) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new IllegalArgumentException("unreadable " + generator + " output: its JSON line does not parse: " + e.getMessage());
        }
    }

    private static JsonNode required(JsonNode node, String field, String generator) {
        JsonNode value = node.get(field);
        if (value == null || !value.isNumber()) {
            throw new IllegalArgumentException("unreadable " + generator + " output: no " + field + " in its JSON");
        }
        return value;
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
        return new GeneratorOutput("gatling", requests, loadSeconds, failed, latency, ticks,
                failed > 0 ? Map.of("ko", failed) : Map.of());
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
