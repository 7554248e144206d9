/*
 * Benchmark report generator for shapes-lab (bench/compare.sh).
 *
 * Single-file program for the JDK source launcher, no dependencies:
 *
 *   java bench/Report.java <run-dir>            (re)writes summary.md, summary.html and cells.tsv
 *   java bench/Report.java --cell <cell-dir>    prints a one-line summary of one cell
 *
 * A run directory holds run.properties (how the run was started) and cells/<id>/ with, per cell:
 *   cell.properties  what the harness knows (scenario, variant, backend, users, latency, status, paths)
 *   gatling.log      Gatling's console output of the measured run (its "Global Information" block is read)
 *   samples.tsv      1 s samples of the app process: t_ms, threads (/proc Threads), rss_kb (/proc VmRSS),
 *                    cpu_ticks (utime+stime from /proc/<pid>/stat)
 *   jstat.txt        `jstat -gc -t <pid> 1000` output (heap used = S0U+S1U+EU+OU)
 * Everything in the report is derived from those files, so a run can be re-reported without rerunning.
 */

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

public class Report {

    static final List<String> VARIANT_ORDER = List.of("plain", "rxjava", "async", "virtual");
    static final Map<String, String> VARIANT_COLOR = Map.of(
            "plain", "#4e79a7", "rxjava", "#f28e2b", "async", "#59a14f", "virtual", "#e15759");
    static final String[] EXTRA_COLORS = {"#76b7b2", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};
    /** Variants the slow-backend throughput target applies to. */
    static final Set<String> TARGET_VARIANTS = Set.of("async", "virtual");
    static final double TARGET_FACTOR = 0.8;

    public static void main(String[] args) throws IOException {
        if (args.length == 2 && args[0].equals("--cell")) {
            Cell c = Cell.load(Paths.get(args[1]));
            System.out.println(c.oneLine());
            return;
        }
        if (args.length != 1 || args[0].startsWith("-")) {
            System.err.println("usage: java bench/Report.java <run-dir>   |   java bench/Report.java --cell <cell-dir>");
            System.exit(2);
        }
        Path run = Paths.get(args[0]).toAbsolutePath().normalize();
        if (!Files.isDirectory(run.resolve("cells"))) {
            System.err.println("Report: " + run + " has no cells/ directory: not a bench run directory");
            System.exit(2);
        }
        Run r = Run.load(run);
        Files.writeString(run.resolve("cells.tsv"), r.cellsTsv(), StandardCharsets.UTF_8);
        Files.writeString(run.resolve("summary.md"), new MarkdownWriter(r).write(), StandardCharsets.UTF_8);
        Files.writeString(run.resolve("summary.html"), new HtmlWriter(r).write(), StandardCharsets.UTF_8);
        System.out.println("Report: " + r.cells.size() + " cell(s), " + r.failedCount() + " failed -> "
                + run.resolve("summary.md") + " , " + run.resolve("summary.html"));
    }

    // ------------------------------------------------------------------------------------------------
    // Input model
    // ------------------------------------------------------------------------------------------------

    static Properties readProps(Path p) {
        Properties props = new Properties();
        if (Files.isRegularFile(p)) {
            try (Reader r = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
                props.load(r);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return props;
    }

    static List<String> readLines(Path p) {
        if (!Files.isRegularFile(p)) return List.of();
        try {
            // the console log may contain bytes that are not UTF-8 (progress bars, ANSI): be lenient
            return Arrays.asList(new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1).split("\r?\n"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Double parseNumber(String s) {
        if (s == null) return null;
        s = s.trim();
        if (s.isEmpty() || s.equals("-") || s.equalsIgnoreCase("nan")) return null;
        // Gatling formats with grouping separators ("1,297.5"); tolerate a decimal comma without a dot too
        if (s.contains(",") && s.contains(".")) s = s.replace(",", "");
        else if (s.matches("-?\\d{1,3}(,\\d{3})+")) s = s.replace(",", "");
        else if (s.contains(",")) s = s.replace(',', '.');
        s = s.replace("\u00a0", "").replace(" ", "");
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Figures of Gatling's console "Global Information" block (Total column). */
    static final class GatlingStats {
        final Map<String, Double> values = new LinkedHashMap<>();
        boolean found;

        static final Pattern OLD_STYLE = Pattern.compile("^>\\s*(.+?)\\s{2,}(\\S+)\\s+\\(OK=(\\S+)\\s+KO=(\\S+)\\s*\\)\\s*$");
        static final Pattern PCT = Pattern.compile("(\\d+(?:\\.\\d+)?)(?:st|nd|rd|th)? percentile");

        static GatlingStats parse(List<String> lines) {
            GatlingStats st = new GatlingStats();
            int start = -1;
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).contains("---- Global Information")) start = i; // keep the last one
            }
            if (start < 0) return st;
            for (int i = start + 1; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.startsWith("----") || line.startsWith("====")) break;
                if (!line.startsWith(">")) continue;
                String label;
                String total, ok = null, ko = null;
                if (line.contains("|")) { // Gatling 3.11+: "> label | total | ok | ko"
                    String[] parts = line.substring(1).split("\\|");
                    label = parts[0].trim();
                    total = parts.length > 1 ? parts[1] : null;
                    ok = parts.length > 2 ? parts[2] : null;
                    ko = parts.length > 3 ? parts[3] : null;
                } else {
                    Matcher m = OLD_STYLE.matcher(line);
                    if (!m.matches()) continue;
                    label = m.group(1).trim();
                    total = m.group(2);
                    ok = m.group(3);
                    ko = m.group(4);
                }
                String key = keyFor(label);
                if (key == null) continue;
                st.found = true;
                if (key.equals("requests")) {
                    put(st, "requests", total);
                    put(st, "ok", ok);
                    put(st, "ko", ko);
                } else {
                    put(st, key, total);
                }
            }
            if (st.found) {
                Double ko = st.values.get("ko");
                if (ko == null && st.values.containsKey("requests")) st.values.put("ko", 0.0);
            }
            return st;
        }

        static void put(GatlingStats st, String key, String raw) {
            Double d = parseNumber(raw);
            if (d != null) st.values.put(key, d);
        }

        static String keyFor(String label) {
            String l = label.toLowerCase(Locale.ROOT);
            if (l.startsWith("request count")) return "requests";
            if (l.startsWith("min response time")) return "min";
            if (l.startsWith("max response time")) return "max";
            if (l.startsWith("mean response time")) return "mean";
            if (l.startsWith("mean throughput") || l.startsWith("mean requests/sec")) return "rps";
            Matcher m = PCT.matcher(l);
            if (m.find()) {
                String p = m.group(1);
                if (p.endsWith(".0")) p = p.substring(0, p.length() - 2);
                return "p" + p.replace(".", "_");
            }
            return null;
        }
    }

    /**
     * Throughput without the partial first and last second: the mean of the "Number of requests per
     * second" series (All) of Gatling's index.html, its first and last buckets left out. Gatling's
     * mean throughput divides by every started second, which for a run of a few seconds understates
     * the rate the server sustained.
     */
    static Double steadyThroughput(List<String> indexHtml) {
        if (indexHtml.isEmpty()) return null;
        String html = String.join("\n", indexHtml);
        int at = html.indexOf("'RequestsContainerId'");
        if (at < 0) return null;
        int all = html.indexOf("name: 'All'", at);
        int data = all < 0 ? -1 : html.indexOf("data: [[", all);
        int end = data < 0 ? -1 : html.indexOf("]]", data);
        if (end < 0) return null;
        Matcher m = Pattern.compile("\\[\\s*(\\d+)\\s*,\\s*(\\d+(?:\\.\\d+)?)\\s*\\]").matcher(html.substring(data + 6, end + 2));
        List<Double> counts = new ArrayList<>();
        while (m.find()) counts.add(Double.parseDouble(m.group(2)));
        if (counts.isEmpty()) return null;
        List<Double> inner = counts.size() >= 3 ? counts.subList(1, counts.size() - 1) : counts;
        return inner.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    }

    /** Peaks of the server-side samples taken during the measured run. */
    static final class Peaks {
        Double threads, rssMb, cpuPct, heapMb, heapCommittedMb;
        int samples;

        static Peaks read(Path cellDir, double clkTck) {
            Peaks p = new Peaks();
            List<long[]> rows = new ArrayList<>();
            for (String line : readLines(cellDir.resolve("samples.tsv"))) {
                if (line.isBlank() || line.startsWith("#") || line.startsWith("t_ms")) continue;
                String[] f = line.trim().split("\\s+");
                if (f.length < 4) continue;
                try {
                    rows.add(new long[] {Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3])});
                } catch (NumberFormatException e) {
                    // a partially written last line (interrupted run): ignore it
                }
            }
            p.samples = rows.size();
            for (int i = 0; i < rows.size(); i++) {
                long[] r = rows.get(i);
                p.threads = max(p.threads, (double) r[1]);
                p.rssMb = max(p.rssMb, r[2] / 1024.0);
                if (i > 0) {
                    long[] prev = rows.get(i - 1);
                    double dtSec = (r[0] - prev[0]) / 1000.0;
                    if (dtSec > 0.2) p.cpuPct = max(p.cpuPct, (r[3] - prev[3]) / clkTck / dtSec * 100.0);
                }
            }
            // jstat -gc: find the columns by their header names (they differ between collectors/JDKs)
            String[] header = null;
            for (String line : readLines(cellDir.resolve("jstat.txt"))) {
                String t = line.trim();
                if (t.isEmpty()) continue;
                String[] f = t.split("\\s+");
                if (t.matches("^[A-Za-z].*")) {
                    header = f.length > 3 && Arrays.asList(f).contains("EU") ? f : header;
                    continue;
                }
                if (header == null || f.length != header.length) continue;
                double used = 0, committed = 0;
                boolean ok = true;
                for (int i = 0; i < header.length; i++) {
                    String h = header[i];
                    boolean isUsed = h.equals("S0U") || h.equals("S1U") || h.equals("EU") || h.equals("OU");
                    boolean isCap = h.equals("S0C") || h.equals("S1C") || h.equals("EC") || h.equals("OC");
                    if (!isUsed && !isCap) continue;
                    Double v = parseNumber(f[i]);
                    if (v == null) { ok = false; break; }
                    if (isUsed) used += v; else committed += v;
                }
                if (!ok) continue;
                p.heapMb = max(p.heapMb, used / 1024.0);
                p.heapCommittedMb = max(p.heapCommittedMb, committed / 1024.0);
            }
            return p;
        }

        static Double max(Double a, double b) {
            return a == null || b > a ? b : a;
        }
    }

    static final class Cell {
        final Path dir;
        final Properties props;
        final GatlingStats stats;
        final Peaks peaks;

        Cell(Path dir) {
            this.dir = dir;
            this.props = readProps(dir.resolve("cell.properties"));
            this.stats = GatlingStats.parse(readLines(dir.resolve("gatling.log")));
            String index = props.getProperty("gatling_report", "");
            if (!index.isEmpty()) {
                Double steady = steadyThroughput(readLines(dir.resolve(index)));
                if (steady != null) stats.values.put("rps_steady", steady);
            }
            double clk = Double.parseDouble(props.getProperty("clk_tck", "100"));
            this.peaks = Peaks.read(dir, clk);
        }

        static Cell load(Path dir) {
            return new Cell(dir.toAbsolutePath().normalize());
        }

        String get(String k) { return props.getProperty(k, ""); }
        String get(String k, String def) { return props.getProperty(k, def); }
        String id() { return get("id", dir.getFileName().toString()); }
        String scenario() { return get("scenario", "?"); }
        String variant() { return get("variant", "?"); }
        String backend() { return get("backend", "?"); }
        long users() { return parseLong(get("users"), 0); }
        long latencyMs() { return parseLong(get("latency_ms"), 0); }
        String params() { return get("params", ""); }
        int seq() { return (int) parseLong(get("seq"), 0); }
        String status() { return get("status", stats.found ? "ok" : "unknown"); }
        boolean hasFigures() { return stats.found && stats.values.containsKey("requests"); }
        boolean failed() { return !status().equals("ok"); }

        /** The figure of a metric: Gatling's, or a server-side peak. */
        Double metric(String m) {
            switch (m) {
                case "threads": return peaks.threads;
                case "heap": return peaks.heapMb;
                case "rss": return peaks.rssMb;
                case "cpu": return peaks.cpuPct;
                case "load": return parseNumber(get("load_after").split(" ")[0]);
                default: return stats.values.get(m);
            }
        }

        /** The group a cell belongs to: same scenario, backend and parameters; variants compared within it. */
        String groupKey() {
            return scenario() + "\u0000" + backend() + "\u0000" + params();
        }

        String oneLine() {
            StringBuilder sb = new StringBuilder();
            sb.append(String.format(Locale.ROOT, "%s [%s]", id(), status()));
            if (hasFigures()) {
                sb.append(String.format(Locale.ROOT, " requests=%s KO=%s req/s=%s p50=%s p95=%s p99=%s max=%s ms",
                        fmtInt(metric("requests")), fmtInt(metric("ko")), fmtRps(metric("rps")),
                        fmtInt(metric("p50")), fmtInt(metric("p95")), fmtInt(metric("p99")), fmtInt(metric("max"))));
            } else {
                sb.append(" no Gatling figures");
            }
            sb.append(String.format(Locale.ROOT, " | peaks: threads=%s heap=%s MB rss=%s MB cpu=%s%% (%d samples)",
                    fmtInt(peaks.threads), fmtInt(peaks.heapMb), fmtInt(peaks.rssMb), fmtInt(peaks.cpuPct), peaks.samples));
            if (!get("error").isEmpty()) sb.append(" | ").append(get("error"));
            return sb.toString();
        }
    }

    static long parseLong(String s, long def) {
        try {
            return Long.parseLong(s.trim());
        } catch (RuntimeException e) {
            return def;
        }
    }

    /** Median with min and max over the repeats of one cell. */
    static final class Spread {
        final double median, min, max;
        final int n;

        Spread(List<Double> values) {
            List<Double> v = new ArrayList<>(values);
            Collections.sort(v);
            n = v.size();
            min = v.get(0);
            max = v.get(n - 1);
            median = n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2.0;
        }

        static Spread of(List<Cell> cells, String metric) {
            List<Double> vs = cells.stream().map(c -> c.metric(metric)).filter(d -> d != null).collect(Collectors.toList());
            return vs.isEmpty() ? null : new Spread(vs);
        }
    }

    /** All repeats of one (scenario, backend, params, variant). */
    static final class Row {
        final String scenario, backend, params, variant;
        final long users, latencyMs;
        final List<Cell> all = new ArrayList<>();   // every repeat, failed included
        final List<Cell> measured = new ArrayList<>(); // repeats with Gatling figures

        Row(Cell c) {
            scenario = c.scenario();
            backend = c.backend();
            params = c.params();
            variant = c.variant();
            users = c.users();
            latencyMs = c.latencyMs();
        }

        Spread spread(String metric) { return Spread.of(measured, metric); }
        Double median(String metric) {
            Spread s = spread(metric);
            return s == null ? null : s.median;
        }
        String groupKey() { return scenario + "\u0000" + backend + "\u0000" + params; }
    }

    static final class Group {
        final String scenario, backend, params;
        final long users, latencyMs;
        final int firstSeq;
        final Map<String, Row> rows = new LinkedHashMap<>();

        Group(Cell c) {
            scenario = c.scenario();
            backend = c.backend();
            params = c.params();
            users = c.users();
            latencyMs = c.latencyMs();
            firstSeq = c.seq();
        }

        List<Row> sortedRows() {
            List<Row> l = new ArrayList<>(rows.values());
            l.sort(Comparator.comparing((Row r) -> variantRank(r.variant)).thenComparing(r -> r.variant));
            return l;
        }

        String label(boolean withBackend) {
            if (!withBackend) return params.isEmpty() ? backend : params;
            return (params.isEmpty() ? "" : params + " · ") + backend;
        }
    }

    static int variantRank(String v) {
        int i = VARIANT_ORDER.indexOf(v);
        return i < 0 ? VARIANT_ORDER.size() : i;
    }

    static final class Run {
        final Path dir;
        final Properties props;
        final List<Cell> cells;
        final Map<String, List<Group>> groupsByScenario = new LinkedHashMap<>();
        final List<String> variants;
        final int repeats;

        Run(Path dir, Properties props, List<Cell> cells) {
            this.dir = dir;
            this.props = props;
            this.cells = cells;
            Map<String, Group> groups = new LinkedHashMap<>();
            for (Cell c : cells) {
                Group g = groups.computeIfAbsent(c.groupKey(), k -> new Group(c));
                Row row = g.rows.computeIfAbsent(c.variant(), k -> new Row(c));
                row.all.add(c);
                if (c.hasFigures()) row.measured.add(c);
            }
            List<Group> ordered = new ArrayList<>(groups.values());
            ordered.sort(Comparator.comparingInt((Group g) -> g.firstSeq));
            // scenarios in the order they first ran; inside a scenario by backend, latency, users
            for (Group g : ordered) groupsByScenario.computeIfAbsent(g.scenario, k -> new ArrayList<>()).add(g);
            for (List<Group> gs : groupsByScenario.values()) {
                gs.sort(Comparator.comparing((Group g) -> g.backend).thenComparing(g -> -g.latencyMs)
                        .thenComparingLong(g -> g.users).thenComparingInt(g -> g.firstSeq));
            }
            Set<String> vs = new TreeSet<>(Comparator.comparing(Report::variantRank).thenComparing(Function.identity()));
            cells.forEach(c -> vs.add(c.variant()));
            variants = new ArrayList<>(vs);
            repeats = cells.stream().mapToInt(c -> (int) parseLong(c.get("repeat"), 1)).max().orElse(1);
        }

        static Run load(Path dir) throws IOException {
            List<Cell> cells;
            try (Stream<Path> s = Files.list(dir.resolve("cells"))) {
                cells = s.filter(p -> Files.isRegularFile(p.resolve("cell.properties"))).map(Cell::load)
                        .sorted(Comparator.comparingInt(Cell::seq).thenComparing(Cell::id)).collect(Collectors.toList());
            }
            return new Run(dir, readProps(dir.resolve("run.properties")), cells);
        }

        long failedCount() { return cells.stream().filter(Cell::failed).count(); }

        String color(String variant) {
            String c = VARIANT_COLOR.get(variant);
            if (c != null) return c;
            int i = Math.max(0, variants.indexOf(variant) - VARIANT_ORDER.size());
            return EXTRA_COLORS[i % EXTRA_COLORS.length];
        }

        String rel(Cell c, String cellRelative) {
            if (cellRelative == null || cellRelative.isEmpty()) return null;
            Path target = c.dir.resolve(cellRelative);
            if (!Files.exists(target)) return null;
            return dir.relativize(target).toString().replace('\\', '/');
        }

        /** Throughput and p99 of a variant relative to plain in the same group. */
        Double ratio(Group g, Row r, String metric) {
            Row plain = g.rows.get("plain");
            if (plain == null) return null;
            Double a = r.median(metric), b = plain.median(metric);
            if (a == null || b == null || b == 0) return null;
            return a / b;
        }

        String cellsTsv() {
            String[] cols = {"seq", "repeat", "id", "scenario", "variant", "backend", "users", "latency_ms", "params",
                    "status", "requests", "ok", "ko", "rps", "rps_steady", "min", "mean", "p50", "p75", "p95", "p99", "max",
                    "peak_threads", "peak_heap_mb", "peak_heap_committed_mb", "peak_rss_mb", "peak_cpu_pct", "samples",
                    "load_before", "load_after", "seconds", "java_version", "jvm_opts", "sim_props", "gatling_report",
                    "jfr", "error"};
            StringBuilder sb = new StringBuilder(String.join("\t", cols)).append('\n');
            for (Cell c : cells) {
                List<String> v = new ArrayList<>();
                for (String col : cols) {
                    String s;
                    switch (col) {
                        case "status": s = c.status(); break;
                        case "peak_threads": s = raw(c.peaks.threads); break;
                        case "peak_heap_mb": s = raw(c.peaks.heapMb); break;
                        case "peak_heap_committed_mb": s = raw(c.peaks.heapCommittedMb); break;
                        case "peak_rss_mb": s = raw(c.peaks.rssMb); break;
                        case "peak_cpu_pct": s = raw(c.peaks.cpuPct); break;
                        case "samples": s = String.valueOf(c.peaks.samples); break;
                        case "requests": case "ok": case "ko": case "rps": case "rps_steady": case "min": case "mean":
                        case "p50": case "p75": case "p95": case "p99": case "max":
                            s = raw(c.stats.values.get(col)); break;
                        case "gatling_report": case "jfr": s = nz(rel(c, c.get(col))); break;
                        default: s = c.get(col);
                    }
                    v.add(s.replace('\t', ' ').replace('\n', ' '));
                }
                sb.append(String.join("\t", v)).append('\n');
            }
            return sb.toString();
        }
    }

    static String nz(String s) { return s == null ? "" : s; }

    static String raw(Double d) {
        if (d == null) return "";
        if (d == Math.rint(d) && Math.abs(d) < 1e15) return String.valueOf(d.longValue());
        return String.format(Locale.ROOT, "%.2f", d);
    }

    // ------------------------------------------------------------------------------------------------
    // Number formatting
    // ------------------------------------------------------------------------------------------------

    static String fmtInt(Double d) {
        return d == null ? "–" : String.format(Locale.ROOT, "%,d", Math.round(d));
    }

    static String fmtRps(Double d) {
        if (d == null) return "–";
        return Math.abs(d) < 100 ? String.format(Locale.ROOT, "%,.1f", d) : String.format(Locale.ROOT, "%,d", Math.round(d));
    }

    static String fmtRatio(Double d) {
        return d == null ? "–" : String.format(Locale.ROOT, "%.2f×", d);
    }

    static String fmtSpread(Spread s, Function<Double, String> f) {
        if (s == null) return "–";
        if (s.n <= 1 || s.min == s.max) return f.apply(s.median);
        return f.apply(s.median) + " (" + f.apply(s.min) + "–" + f.apply(s.max) + ")";
    }

    static String fmtDuration(long seconds) {
        if (seconds < 0) return "?";
        return seconds >= 60 ? String.format(Locale.ROOT, "%d min %02d s", seconds / 60, seconds % 60) : seconds + " s";
    }

    // ------------------------------------------------------------------------------------------------
    // Table content shared by Markdown and HTML
    // ------------------------------------------------------------------------------------------------

    static final String[] HEAD = {"Variant", "Backend", "Params", "Requests", "KO", "req/s", "req/s ×plain", "steady req/s",
            "p50 ms", "p95 ms", "p99 ms", "p99 ×plain", "max ms", "Peak threads", "Peak heap MB", "Peak RSS MB",
            "Peak CPU %", "Host load", "Runs"};

    /** One table line; the last cell (links) is rendered by each writer. */
    static List<String> rowCells(Run run, Group g, Row r) {
        List<String> v = new ArrayList<>();
        v.add(r.variant);
        v.add(r.backend);
        v.add(r.params);
        v.add(fmtSpread(r.spread("requests"), Report::fmtInt));
        v.add(fmtSpread(r.spread("ko"), Report::fmtInt));
        v.add(fmtSpread(r.spread("rps"), Report::fmtRps));
        v.add(fmtRatio(run.ratio(g, r, "rps")));
        v.add(fmtSpread(r.spread("rps_steady"), Report::fmtRps));
        v.add(fmtSpread(r.spread("p50"), Report::fmtInt));
        v.add(fmtSpread(r.spread("p95"), Report::fmtInt));
        v.add(fmtSpread(r.spread("p99"), Report::fmtInt));
        v.add(fmtRatio(run.ratio(g, r, "p99")));
        v.add(fmtSpread(r.spread("max"), Report::fmtInt));
        v.add(fmtSpread(r.spread("threads"), Report::fmtInt));
        v.add(fmtSpread(r.spread("heap"), Report::fmtInt));
        v.add(fmtSpread(r.spread("rss"), Report::fmtInt));
        v.add(fmtSpread(r.spread("cpu"), Report::fmtInt));
        v.add(fmtSpread(r.spread("load"), d -> String.format(Locale.ROOT, "%.1f", d)));
        long failed = r.all.stream().filter(Cell::failed).count();
        v.add(r.measured.size() + "/" + r.all.size() + (failed > 0 ? " (" + failed + " failed)" : ""));
        return v;
    }

    /** The slow-backend target: async/virtual reach 0.8 × min(users ÷ latency, own no-latency throughput at the same N). */
    static final class Target {
        final String scenario, backend, variant;
        final long users, latencyMs;
        final double ideal;        // users ÷ latency
        final Double baseline;     // same variant, same N, no latency, same run
        final double target;
        final Double measured;
        final boolean applies;

        Target(Row r, Row noLatency) {
            scenario = r.scenario;
            backend = r.backend;
            variant = r.variant;
            users = r.users;
            latencyMs = r.latencyMs;
            ideal = users / (latencyMs / 1000.0);
            baseline = noLatency == null ? null : throughput(noLatency);
            target = TARGET_FACTOR * (baseline == null ? ideal : Math.min(ideal, baseline));
            measured = throughput(r);
            applies = TARGET_VARIANTS.contains(variant);
        }

        /** Steady req/s where the Gatling report had its per-second series, else Gatling's mean. */
        static Double throughput(Row r) {
            Double steady = r.median("rps_steady");
            return steady != null ? steady : r.median("rps");
        }

        String verdict() {
            if (measured == null) return "no data";
            boolean met = measured >= target;
            if (!applies) return met ? "(would meet)" : "(below)";
            return met ? "met" : "NOT met";
        }
    }

    static List<Target> targets(Run run, String scenario) {
        List<Target> out = new ArrayList<>();
        List<Group> gs = run.groupsByScenario.getOrDefault(scenario, List.of());
        for (Group g : gs) {
            if (g.latencyMs <= 0 || g.users <= 0) continue;
            for (Row r : g.sortedRows()) {
                Row base = null;
                for (Group o : gs) {
                    if (o.latencyMs == 0 && o.users == g.users && o.backend.equals(g.backend)) base = o.rows.get(r.variant);
                }
                out.add(new Target(r, base));
            }
        }
        return out;
    }

    /** The per-cell files a table row links to: property (or file name) and label. */
    static final String[][] LINK_KINDS = {{"gatling_report", "gatling"}, {"jfr", "jfr"}, {"app.log", "log"}};

    /** For each repeat of a row that has the file: {repeat label, path relative to the run}. */
    static List<String[]> linkTargets(Run run, Row r, String kind) {
        List<String[]> out = new ArrayList<>();
        int i = 0;
        for (Cell c : r.all) {
            i++;
            String file = kind.contains(".") ? kind : c.get(kind);
            String rel = run.rel(c, file);
            if (rel != null) out.add(new String[] {c.get("repeat", String.valueOf(i)), rel});
        }
        return out;
    }

    static boolean isScaling(List<Group> gs) {
        return gs.stream().map(g -> g.users).filter(u -> u > 0).distinct().count() >= 2;
    }

    // ------------------------------------------------------------------------------------------------
    // Markdown
    // ------------------------------------------------------------------------------------------------

    static final class MarkdownWriter {
        final Run run;
        final StringBuilder sb = new StringBuilder();

        MarkdownWriter(Run run) { this.run = run; }

        static String esc(String s) { return s.replace("|", "\\|"); }

        String write() {
            sb.append("# shapes-lab benchmark comparison\n\n");
            runInfo();
            for (Map.Entry<String, List<Group>> e : run.groupsByScenario.entrySet()) scenario(e.getKey(), e.getValue());
            failures();
            method();
            return sb.toString();
        }

        void runInfo() {
            Properties p = run.props;
            sb.append("Run `").append(run.dir.getFileName()).append("`");
            if (!p.getProperty("started", "").isEmpty()) sb.append(", started ").append(p.getProperty("started"));
            sb.append(". ").append(run.cells.size()).append(" cell run(s), ").append(run.failedCount()).append(" failed");
            if (run.repeats > 1) sb.append("; matrix repeated ").append(run.repeats).append(" times: figures are median (min–max)");
            sb.append(".\n\n");
            for (String[] kv : runFacts(p)) sb.append("- ").append(kv[0]).append(": ").append(kv[1]).append('\n');
            sb.append("- Interactive charts and links: [summary.html](summary.html)\n\n");
        }

        void scenario(String name, List<Group> groups) {
            sb.append("## Scenario `").append(name).append("`\n\n");
            String desc = groups.stream().flatMap(g -> g.rows.values().stream()).flatMap(r -> r.all.stream())
                    .map(c -> c.get("scenario_desc")).filter(s -> !s.isEmpty()).findFirst().orElse("");
            if (!desc.isEmpty()) sb.append(desc).append("\n\n");
            sb.append('|');
            for (String h : HEAD) sb.append(' ').append(h).append(" |");
            sb.append(" Links |\n|");
            for (int i = 0; i <= HEAD.length; i++) sb.append(i >= 3 && i < HEAD.length - 1 ? "---:|" : "---|");
            sb.append('\n');
            for (Group g : groups) {
                for (Row r : g.sortedRows()) {
                    sb.append('|');
                    for (String v : rowCells(run, g, r)) sb.append(' ').append(esc(v)).append(" |");
                    sb.append(' ').append(links(r)).append(" |\n");
                }
            }
            sb.append('\n');
            List<Target> ts = targets(run, name);
            if (!ts.isEmpty()) {
                sb.append("Throughput target with backend latency: async and virtual should reach ")
                        .append("0.8 × min(users ÷ latency, the same variant's no-latency req/s at the same N in this run), in steady req/s. ")
                        .append("Shown for every variant; it applies to async and virtual.\n\n");
                sb.append("| Variant | Backend | N | Latency | users÷latency | no-latency req/s | target req/s | measured req/s | verdict |\n");
                sb.append("|---|---|---:|---:|---:|---:|---:|---:|---|\n");
                for (Target t : ts) {
                    sb.append(String.format(Locale.ROOT, "| %s | %s | %d | %d ms | %s | %s | %s | %s | %s |%n",
                            t.variant, t.backend, t.users, t.latencyMs, fmtRps(t.ideal), fmtRps(t.baseline),
                            fmtRps(t.target), fmtRps(t.measured), t.applies ? "**" + t.verdict() + "**" : t.verdict()));
                }
                sb.append('\n');
            }
        }

        String links(Row r) {
            List<String> out = new ArrayList<>();
            for (String[] kind : LINK_KINDS) {
                List<String[]> ls = linkTargets(run, r, kind[0]);
                if (ls.isEmpty()) continue;
                if (r.all.size() == 1) {
                    out.add("[" + kind[1] + "](" + ls.get(0)[1] + ")");
                } else {
                    out.add(kind[1] + " " + ls.stream().map(x -> "[" + x[0] + "](" + x[1] + ")").collect(Collectors.joining(" ")));
                }
            }
            return String.join(" · ", out);
        }

        void failures() {
            List<Cell> failed = run.cells.stream().filter(Cell::failed).collect(Collectors.toList());
            if (failed.isEmpty()) return;
            sb.append("## Failed cells\n\n| Cell | Status | Message | Logs |\n|---|---|---|---|\n");
            for (Cell c : failed) {
                List<String> logs = new ArrayList<>();
                for (String f : List.of("app.log", "gatling.log", "gatling-warmup.log", "warmup.log", "h2.log", "h2-server.log")) {
                    String rel = run.rel(c, f);
                    if (rel != null) logs.add("[" + f + "](" + rel + ")");
                }
                sb.append("| ").append(esc(c.id())).append(" | ").append(c.status()).append(" | ")
                        .append(esc(c.get("error"))).append(" | ").append(String.join(" ", logs)).append(" |\n");
            }
            sb.append('\n');
        }

        void method() {
            sb.append("## How the figures were taken\n\n");
            for (String m : METHOD) sb.append("- ").append(m).append('\n');
        }
    }

    static final String[] METHOD = {
        "Requests, KO, req/s and response times: the Total column of Gatling's console \"Global Information\" block of "
                + "the measured run (req/s is Gatling's mean throughput over the whole run, ramp included). The warm-up "
                + "run before it is not counted.",
        "Steady req/s: the mean of the report's \"Number of requests per second\" series without its first and last "
                + "(partial) seconds. Gatling's mean throughput divides by every started second, which understates the "
                + "sustained rate of a run of a few seconds. The throughput target uses steady req/s.",
        "Ratios: the variant's median divided by plain's median in the same scenario, backend and parameters of this run "
                + "(req/s: higher is better; p99: lower is better).",
        "Peak threads: the app process's OS threads (/proc/<pid>/status Threads), sampled every second during the measured "
                + "run. It counts platform threads, JVM-internal ones included; virtual threads are not OS threads and do "
                + "not appear (their carriers do).",
        "Peak heap: heap used, S0U+S1U+EU+OU of `jstat -gc` (1 s interval) during the measured run. Peak RSS: VmRSS from "
                + "/proc/<pid>/status. Peak CPU: utime+stime of /proc/<pid>/stat per sample interval, in % of one core "
                + "(200 % = both cores of a 2-core machine).",
        "Host load: the machine's 1-minute load average right after the measured run (/proc/loadavg). The machine may "
                + "be shared: a load well above the core count means other processes competed for the CPU.",
        "Each cell runs on a fresh app JVM with a fixed heap (see the run facts) and a JFR recording (settings=profile); "
                + "the measured run's part is dumped with `jcmd JFR.dump begin=...` before the app is stopped. Open the "
                + ".jfr files with JDK Mission Control.",
    };

    static List<String[]> runFacts(Properties p) {
        List<String[]> l = new ArrayList<>();
        String[][] keys = {
                {"command", "Command"}, {"host", "Host"}, {"app_java", "App JVM"}, {"app_jvm_opts", "App JVM options"},
                {"gatling_mode", "Gatling launched"}, {"matrix", "Matrix"}, {"durations", "Durations"},
                {"estimated_seconds", "Estimated duration"}, {"measured_seconds", "Measured duration"},
                {"git", "Source"}, {"notes", "Notes"}};
        for (String[] k : keys) {
            String v = p.getProperty(k[0], "");
            if (v.isEmpty()) continue;
            if (k[0].endsWith("_seconds")) v = fmtDuration(parseLong(v, -1));
            l.add(new String[] {k[1], v});
        }
        return l;
    }

    // ------------------------------------------------------------------------------------------------
    // HTML with inline SVG charts
    // ------------------------------------------------------------------------------------------------

    static String h(String s) {
        if (s == null) return "";
        StringBuilder sb = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<': sb.append("&lt;"); break;
                case '>': sb.append("&gt;"); break;
                case '&': sb.append("&amp;"); break;
                case '"': sb.append("&quot;"); break;
                case '\'': sb.append("&#39;"); break;
                default: sb.append(c);
            }
        }
        return sb.toString();
    }

    static final class Series {
        final String name, color;
        final boolean dashed;
        final List<double[]> points = new ArrayList<>(); // x, median, min, max

        Series(String name, String color, boolean dashed) {
            this.name = name;
            this.color = color;
            this.dashed = dashed;
        }
    }

    static final class HtmlWriter {
        final Run run;
        final StringBuilder sb = new StringBuilder();
        int chartId;

        HtmlWriter(Run run) { this.run = run; }

        String write() {
            sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
                    .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                    .append("<title>shapes-lab benchmark ").append(h(run.dir.getFileName().toString())).append("</title>\n")
                    .append("<style>").append(CSS).append("</style></head><body>\n");
            sb.append("<h1>shapes-lab benchmark comparison</h1>\n");
            runInfo();
            sb.append("<nav>");
            for (String s : run.groupsByScenario.keySet()) sb.append("<a href=\"#sc-").append(h(s)).append("\">").append(h(s)).append("</a> ");
            if (run.failedCount() > 0) sb.append("<a href=\"#failed\">failed cells</a> ");
            sb.append("<a href=\"#method\">method</a></nav>\n");
            for (Map.Entry<String, List<Group>> e : run.groupsByScenario.entrySet()) scenario(e.getKey(), e.getValue());
            failures();
            sb.append("<h2 id=\"method\">How the figures were taken</h2>\n<ul>");
            for (String m : METHOD) sb.append("<li>").append(h(m)).append("</li>");
            sb.append("</ul>\n<p class=\"small\">Raw per-cell data: <a href=\"cells.tsv\">cells.tsv</a>, cells/*/cell.properties. ")
                    .append("Regenerate with <code>java bench/Report.java ").append(h(run.dir.toString())).append("</code>.</p>\n");
            sb.append("</body></html>\n");
            return sb.toString();
        }

        void runInfo() {
            sb.append("<p>Run <code>").append(h(run.dir.getFileName().toString())).append("</code>");
            String started = run.props.getProperty("started", "");
            if (!started.isEmpty()) sb.append(", started ").append(h(started));
            sb.append(". ").append(run.cells.size()).append(" cell run(s), ");
            long f = run.failedCount();
            sb.append(f > 0 ? "<span class=\"bad\">" + f + " failed</span>" : "0 failed");
            if (run.repeats > 1) sb.append("; matrix repeated ").append(run.repeats).append(" times: figures are median (min–max), charts show the median with a min–max whisker");
            sb.append(".</p>\n<table class=\"facts\">");
            for (String[] kv : runFacts(run.props)) {
                sb.append("<tr><th>").append(h(kv[0])).append("</th><td>").append(h(kv[1])).append("</td></tr>");
            }
            sb.append("</table>\n");
            sb.append("<p class=\"legend\">");
            for (String v : run.variants) {
                sb.append("<span><i style=\"background:").append(run.color(v)).append("\"></i>").append(h(v)).append("</span>");
            }
            sb.append("</p>\n");
        }

        void scenario(String name, List<Group> groups) {
            sb.append("<h2 id=\"sc-").append(h(name)).append("\">Scenario ").append(h(name)).append("</h2>\n");
            String desc = groups.stream().flatMap(g -> g.rows.values().stream()).flatMap(r -> r.all.stream())
                    .map(c -> c.get("scenario_desc")).filter(s -> !s.isEmpty()).findFirst().orElse("");
            if (!desc.isEmpty()) sb.append("<p>").append(h(desc)).append("</p>\n");
            sb.append("<div class=\"charts\">");
            barChart("Throughput (req/s, higher is better)", groups, "rps");
            barChart("p99 response time (ms, lower is better)", groups, "p99");
            if (isScaling(groups)) {
                lineChart("Throughput vs concurrency N (req/s)", groups, "rps");
                lineChart("p99 vs concurrency N (ms)", groups, "p99");
            }
            sb.append("</div>\n");
            table(groups);
            targetsTable(name);
        }

        void table(List<Group> groups) {
            sb.append("<div class=\"scroll\"><table class=\"data\"><thead><tr>");
            for (String hd : HEAD) sb.append("<th>").append(h(hd)).append("</th>");
            sb.append("<th>Links</th></tr></thead><tbody>\n");
            for (Group g : groups) {
                boolean first = true;
                for (Row r : g.sortedRows()) {
                    sb.append(first ? "<tr class=\"grp\">" : "<tr>");
                    first = false;
                    List<String> cells = rowCells(run, g, r);
                    for (int i = 0; i < cells.size(); i++) {
                        String cls = i >= 3 ? " class=\"num\"" : "";
                        if (i == 0) {
                            sb.append("<td><i class=\"sw\" style=\"background:").append(run.color(r.variant)).append("\"></i>")
                                    .append(h(cells.get(i))).append("</td>");
                            continue;
                        }
                        if (i == cells.size() - 1 && r.all.stream().anyMatch(Cell::failed)) cls = " class=\"num bad\"";
                        if ((i == 4) && r.median("ko") != null && r.median("ko") > 0) cls = " class=\"num bad\"";
                        sb.append("<td").append(cls).append(">").append(h(cells.get(i))).append("</td>");
                    }
                    sb.append("<td class=\"links\">").append(links(r)).append("</td></tr>\n");
                }
            }
            sb.append("</tbody></table></div>\n");
        }

        String links(Row r) {
            List<String> out = new ArrayList<>();
            for (String[] kind : LINK_KINDS) {
                List<String[]> ls = linkTargets(run, r, kind[0]);
                if (ls.isEmpty()) continue;
                if (r.all.size() == 1) {
                    out.add("<a href=\"" + h(ls.get(0)[1]) + "\">" + h(kind[1]) + "</a>");
                } else {
                    out.add(h(kind[1]) + " " + ls.stream().map(x -> "<a href=\"" + h(x[1]) + "\">" + h(x[0]) + "</a>")
                            .collect(Collectors.joining(" ")));
                }
            }
            return String.join(" · ", out);
        }

        void targetsTable(String scenario) {
            List<Target> ts = targets(run, scenario);
            if (ts.isEmpty()) return;
            sb.append("<h3>Throughput target with backend latency</h3>\n<p>async and virtual should reach ")
                    .append("0.8 × min(users ÷ latency, the same variant's no-latency req/s at the same N in this run), in steady req/s. ")
                    .append("Shown for every variant; it applies to async and virtual.</p>\n");
            sb.append("<table class=\"data\"><thead><tr><th>Variant</th><th>Backend</th><th>N</th><th>Latency</th>")
                    .append("<th>users÷latency</th><th>no-latency req/s</th><th>target req/s</th><th>measured req/s</th>")
                    .append("<th>verdict</th></tr></thead><tbody>\n");
            for (Target t : ts) {
                String cls = !t.applies ? "" : t.verdict().equals("met") ? " class=\"good\"" : " class=\"bad\"";
                sb.append("<tr><td><i class=\"sw\" style=\"background:").append(run.color(t.variant)).append("\"></i>")
                        .append(h(t.variant)).append("</td><td>").append(h(t.backend)).append("</td><td class=\"num\">")
                        .append(t.users).append("</td><td class=\"num\">").append(t.latencyMs).append(" ms</td><td class=\"num\">")
                        .append(fmtRps(t.ideal)).append("</td><td class=\"num\">").append(fmtRps(t.baseline))
                        .append("</td><td class=\"num\">").append(fmtRps(t.target)).append("</td><td class=\"num\">")
                        .append(fmtRps(t.measured)).append("</td><td").append(cls).append(">").append(h(t.verdict()))
                        .append("</td></tr>\n");
            }
            sb.append("</tbody></table>\n");
        }

        void failures() {
            List<Cell> failed = run.cells.stream().filter(Cell::failed).collect(Collectors.toList());
            if (failed.isEmpty()) return;
            sb.append("<h2 id=\"failed\">Failed cells</h2>\n<table class=\"data\"><thead><tr><th>Cell</th><th>Status</th>")
                    .append("<th>Message</th><th>Logs</th></tr></thead><tbody>\n");
            for (Cell c : failed) {
                sb.append("<tr><td>").append(h(c.id())).append("</td><td class=\"bad\">").append(h(c.status()))
                        .append("</td><td>").append(h(c.get("error"))).append("</td><td class=\"links\">");
                for (String f : List.of("app.log", "gatling.log", "gatling-warmup.log", "warmup.log", "h2.log", "h2-server.log")) {
                    String rel = run.rel(c, f);
                    if (rel != null) sb.append("<a href=\"").append(h(rel)).append("\">").append(h(f)).append("</a> ");
                }
                sb.append("</td></tr>\n");
            }
            sb.append("</tbody></table>\n");
        }

        // ---- charts ----

        static final int W = 560, H = 300, ML = 64, MR = 16, MT = 34, MB = 58;

        /** Grouped bars: one group per parameter set, one bar per variant (median, min–max whisker). */
        void barChart(String title, List<Group> groups, String metric) {
            List<Group> gs = groups.stream().filter(g -> g.rows.values().stream().anyMatch(r -> r.median(metric) != null))
                    .collect(Collectors.toList());
            if (gs.isEmpty()) return;
            List<String> vs = run.variants;
            double maxV = 0;
            for (Group g : gs) for (Row r : g.rows.values()) {
                Spread s = r.spread(metric);
                if (s != null) maxV = Math.max(maxV, s.max);
            }
            double[] ticks = niceTicks(0, maxV <= 0 ? 1 : maxV);
            double top = ticks[ticks.length - 1];
            int pw = W - ML - MR, ph = H - MT - MB;
            svgOpen(title);
            yAxis(ticks, top, 0, false);
            boolean multiBackend = gs.stream().map(g -> g.backend).distinct().count() > 1;
            double gw = (double) pw / gs.size();
            double bw = Math.min(36, gw * 0.8 / vs.size());
            for (int gi = 0; gi < gs.size(); gi++) {
                Group g = gs.get(gi);
                double gx = ML + gi * gw;
                double x0 = gx + (gw - bw * vs.size()) / 2;
                for (int vi = 0; vi < vs.size(); vi++) {
                    Row r = g.rows.get(vs.get(vi));
                    if (r == null) continue;
                    Spread s = r.spread(metric);
                    if (s == null) continue;
                    double x = x0 + vi * bw;
                    double y = MT + ph - s.median / top * ph;
                    String tip = h(r.variant + " · " + g.label(true) + ": " + fmtSpread(s, metric.equals("rps") ? Report::fmtRps : Report::fmtInt));
                    sb.append(String.format(Locale.ROOT,
                            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>%s</title></rect>",
                            x + 1, y, bw - 2, MT + ph - y, run.color(r.variant), tip));
                    if (s.n > 1 && s.max > s.min) {
                        double cx = x + bw / 2, y1 = MT + ph - s.min / top * ph, y2 = MT + ph - s.max / top * ph;
                        sb.append(String.format(Locale.ROOT,
                                "<path d=\"M%.1f %.1fV%.1fM%.1f %.1fh%.1fM%.1f %.1fh%.1f\" stroke=\"#222\" stroke-width=\"1.2\" fill=\"none\"/>",
                                cx, y1, y2, cx - 4, y1, 8.0, cx - 4, y2, 8.0));
                    }
                    if (bw >= 22) {
                        String lbl = fmtCompact(s.median);
                        sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" class=\"vl\">%s</text>",
                                x + bw / 2, y - 3, h(lbl)));
                    }
                }
                wrapLabel(gx + gw / 2, MT + ph + 14, g.label(multiBackend), gw);
            }
            svgClose();
        }

        /** Metric against N, one line per variant (and per latency: dashed = no latency). */
        void lineChart(String title, List<Group> groups, String metric) {
            Set<Long> latencies = new TreeSet<>(Comparator.reverseOrder());
            Set<String> backends = new LinkedHashSet<>();
            for (Group g : groups) {
                latencies.add(g.latencyMs);
                backends.add(g.backend);
            }
            List<Series> series = new ArrayList<>();
            for (String b : backends) for (long lat : latencies) for (String v : run.variants) {
                String name = v + (lat > 0 ? " · " + lat + " ms" : latencies.size() > 1 ? " · no latency" : "")
                        + (backends.size() > 1 ? " · " + b : "");
                Series s = new Series(name, run.color(v), lat == 0 && latencies.size() > 1);
                for (Group g : groups) {
                    if (g.latencyMs != lat || !g.backend.equals(b) || g.users <= 0) continue;
                    Row r = g.rows.get(v);
                    Spread sp = r == null ? null : r.spread(metric);
                    if (sp != null) s.points.add(new double[] {g.users, sp.median, sp.min, sp.max});
                }
                s.points.sort(Comparator.comparingDouble(p -> p[0]));
                if (!s.points.isEmpty()) series.add(s);
            }
            if (series.isEmpty()) return;
            double minX = Double.MAX_VALUE, maxX = 0, maxY = 0;
            for (Series s : series) for (double[] p : s.points) {
                minX = Math.min(minX, p[0]);
                maxX = Math.max(maxX, p[0]);
                maxY = Math.max(maxY, p[3]);
            }
            boolean logX = minX > 0 && maxX / minX >= 5;
            double[] ticks = niceTicks(0, maxY <= 0 ? 1 : maxY);
            double top = ticks[ticks.length - 1];
            int pw = W - ML - MR - 130, ph = H - MT - MB;
            double lx0 = logX ? Math.log10(minX) : minX, lx1 = logX ? Math.log10(maxX) : maxX;
            if (lx1 - lx0 < 1e-9) { lx0 -= 0.5; lx1 += 0.5; }
            final double fx0 = lx0, fx1 = lx1;
            Function<Double, Double> xp = x -> ML + 20 + ((logX ? Math.log10(x) : x) - fx0) / (fx1 - fx0) * (pw - 40);
            svgOpen(title);
            yAxis(ticks, top, pw, true);
            Set<Double> xs = new TreeSet<>();
            series.forEach(s -> s.points.forEach(p -> xs.add(p[0])));
            for (double x : xs) {
                sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" class=\"xl\">%s</text>", xp.apply(x), MT + ph + 16, fmtInt(x)));
            }
            sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" class=\"xt\">concurrent users N%s</text>",
                    ML + pw / 2.0, MT + ph + 36, logX ? " (log scale)" : ""));
            int li = 0;
            for (Series s : series) {
                StringBuilder d = new StringBuilder();
                for (double[] p : s.points) {
                    d.append(d.length() == 0 ? "M" : "L").append(String.format(Locale.ROOT, "%.1f %.1f",
                            xp.apply(p[0]), MT + ph - p[1] / top * ph));
                }
                sb.append("<path d=\"").append(d).append("\" fill=\"none\" stroke=\"").append(s.color)
                        .append("\" stroke-width=\"2.2\"").append(s.dashed ? " stroke-dasharray=\"6 4\"" : "").append("/>");
                for (double[] p : s.points) {
                    double cx = xp.apply(p[0]);
                    if (p[3] > p[2]) {
                        sb.append(String.format(Locale.ROOT, "<path d=\"M%.1f %.1fV%.1f\" stroke=\"%s\" stroke-width=\"1\"/>",
                                cx, MT + ph - p[2] / top * ph, MT + ph - p[3] / top * ph, s.color));
                    }
                    sb.append(String.format(Locale.ROOT,
                            "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\" stroke=\"#fff\"><title>%s</title></circle>",
                            cx, MT + ph - p[1] / top * ph, s.dashed ? "#fff" : s.color,
                            h(s.name + ", N=" + fmtInt(p[0]) + ": " + (metric.equals("rps") ? fmtRps(p[1]) : fmtInt(p[1])))));
                    if (s.dashed) {
                        sb.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"/>",
                                cx, MT + ph - p[1] / top * ph, s.color));
                    }
                }
                // legend on the right
                int ly = MT + 6 + li * 16;
                int lx = ML + pw + 10;
                sb.append(String.format(Locale.ROOT, "<path d=\"M%d %dh22\" stroke=\"%s\" stroke-width=\"2.2\"%s/>",
                        lx, ly, s.color, s.dashed ? " stroke-dasharray=\"6 4\"" : ""));
                sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" class=\"lg\">%s</text>", lx + 26, ly + 4, h(s.name)));
                li++;
            }
            svgClose();
        }

        void svgOpen(String title) {
            chartId++;
            sb.append("<figure><svg viewBox=\"0 0 ").append(W).append(' ').append(H).append("\" width=\"").append(W)
                    .append("\" height=\"").append(H).append("\" role=\"img\" aria-labelledby=\"ct").append(chartId)
                    .append("\" xmlns=\"http://www.w3.org/2000/svg\">");
            sb.append("<title id=\"ct").append(chartId).append("\">").append(h(title)).append("</title>");
            sb.append("<text x=\"").append(W / 2).append("\" y=\"18\" class=\"ttl\">").append(h(title)).append("</text>");
        }

        void svgClose() {
            sb.append("</svg></figure>");
        }

        void yAxis(double[] ticks, double top, int plotWidthOverride, boolean line) {
            int pw = plotWidthOverride > 0 ? plotWidthOverride : W - ML - MR;
            int ph = H - MT - MB;
            for (double t : ticks) {
                double y = MT + ph - t / top * ph;
                sb.append(String.format(Locale.ROOT, "<path d=\"M%d %.1fh%d\" class=\"grid\"/>", ML, y, pw));
                sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" class=\"yl\">%s</text>", ML - 6, y + 4, fmtCompact(t)));
            }
            sb.append(String.format(Locale.ROOT, "<path d=\"M%d %dV%dH%d\" class=\"axis\"/>", ML, MT, MT + ph, ML + pw));
        }

        void wrapLabel(double cx, double y, String label, double width) {
            int maxChars = Math.max(6, (int) (width / 6.2));
            List<String> lines = new ArrayList<>();
            StringBuilder cur = new StringBuilder();
            for (String w : label.split(" ")) {
                if (cur.length() > 0 && cur.length() + 1 + w.length() > maxChars) {
                    lines.add(cur.toString());
                    cur.setLength(0);
                }
                if (cur.length() > 0) cur.append(' ');
                cur.append(w);
            }
            if (cur.length() > 0) lines.add(cur.toString());
            for (int i = 0; i < Math.min(3, lines.size()); i++) {
                sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" class=\"xl\">%s</text>", cx, y + i * 12, h(lines.get(i))));
            }
        }
    }

    static String fmtCompact(double v) {
        double a = Math.abs(v);
        if (a >= 10_000) return String.format(Locale.ROOT, "%.0fk", v / 1000);
        if (a >= 1000) return String.format(Locale.ROOT, "%.1fk", v / 1000).replace(".0k", "k");
        if (a >= 10 || v == Math.rint(v)) return String.format(Locale.ROOT, "%.0f", v);
        return String.format(Locale.ROOT, "%.1f", v);
    }

    /** About five round tick values from lo to at least hi. */
    static double[] niceTicks(double lo, double hi) {
        double range = hi - lo;
        double rough = range / 5;
        double mag = Math.pow(10, Math.floor(Math.log10(rough)));
        double[] steps = {1, 2, 2.5, 5, 10};
        double step = mag;
        for (double s : steps) {
            if (s * mag >= rough) { step = s * mag; break; }
        }
        int n = (int) Math.ceil(hi / step - 1e-9);
        double[] t = new double[n + 1];
        for (int i = 0; i <= n; i++) t[i] = lo + i * step;
        return t;
    }

    static final String CSS = String.join("\n",
            "body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;margin:24px;color:#1d1d1f;max-width:1400px}",
            "h1{font-size:22px;margin:0 0 8px}h2{font-size:18px;margin:32px 0 8px;border-bottom:1px solid #ddd;padding-bottom:4px}",
            "h3{font-size:15px;margin:18px 0 6px}code{background:#f3f3f3;padding:1px 4px;border-radius:3px}",
            "nav a{margin-right:12px}table{border-collapse:collapse}",
            "table.facts th{text-align:left;padding:2px 12px 2px 0;color:#555;font-weight:600;vertical-align:top}",
            "table.facts td{padding:2px 0;word-break:break-word}",
            "table.data{font-size:13px;margin:8px 0}table.data th,table.data td{border:1px solid #ddd;padding:3px 7px;white-space:nowrap}",
            "table.data th{background:#f5f5f7;position:sticky;top:0}table.data tr.grp td{border-top:2px solid #999}",
            "td.num{text-align:right;font-variant-numeric:tabular-nums}td.links a{margin-right:6px}",
            ".bad{color:#b00020;font-weight:600}.good{color:#1b7f3b;font-weight:600}.small{font-size:12px;color:#666}",
            ".scroll{overflow-x:auto}.charts{display:flex;flex-wrap:wrap;gap:12px}",
            "figure{margin:0;border:1px solid #e3e3e3;border-radius:6px;padding:4px;background:#fff}",
            "i.sw,.legend i{display:inline-block;width:11px;height:11px;border-radius:2px;margin-right:5px;vertical-align:-1px}",
            ".legend span{margin-right:16px}",
            "svg text{font-family:system-ui,Arial,sans-serif;fill:#333}svg .ttl{font-size:14px;font-weight:600;text-anchor:middle}",
            "svg .yl{font-size:11px;text-anchor:end}svg .xl{font-size:11px;text-anchor:middle}svg .xt{font-size:12px;text-anchor:middle}",
            "svg .vl{font-size:10px;text-anchor:middle;fill:#222}svg .lg{font-size:11px}",
            "svg .grid{stroke:#eee;stroke-width:1}svg .axis{stroke:#888;fill:none;stroke-width:1}");
}
