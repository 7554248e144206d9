package dev.shapeslab.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The tables of results.md that set servers side by side, for a JAX-RS user who asks which server holds thousands of
 * clients: the C10k table ({@code docs/data/c10k.csv}: each server and model at 10,000 clients, 1 s of latency) and
 * the heap each keeps per request in flight ({@code docs/data/heap-in-flight.csv}: the slope of the live heap after a
 * full GC against the requests then in flight). Written by {@code bench/redraw.sh} between their markers.
 */
final class ServerTables {

    static final String C10K_START = "<!-- c10k-table:start -->";
    static final String C10K_END = "<!-- c10k-table:end -->";
    static final String HEAP_START = "<!-- heap-slope:start -->";
    static final String HEAP_END = "<!-- heap-slope:end -->";

    private ServerTables() {
    }

    /** "Tomcat", "Jetty", "Reactor Netty", "Vert.x". */
    static String serverName(String server) {
        return switch (server) {
            case "tomcat" -> "Tomcat";
            case "jetty" -> "Jetty";
            case "netty" -> "Reactor Netty";
            case "vertx" -> "Vert.x";
            default -> server;
        };
    }

    /**
     * What a cell ran with beyond its model's rule, as a reader needs it: the server settings that shrink what a
     * connection keeps (Tomcat's buffers, Jetty's header cache; {@code --jvm-opts}), else "–".
     */
    static String extras(String settings) {
        List<String> extras = new ArrayList<>();
        for (String s : Facet.text(settings).split("\\s+")) {
            String name = s.replaceFirst("^-D", "").replaceFirst("^--", "");
            if (name.startsWith("shapes.tomcat.connector.") || name.startsWith("server.tomcat.max-http-")
                    || name.startsWith("shapes.jetty.")) {
                extras.add("`" + name.replaceFirst("^shapes\\.tomcat\\.connector\\.", "").replaceFirst("^server\\.tomcat\\.", "")
                        .replaceFirst("^shapes\\.jetty\\.", "") + "`");
            }
        }
        return extras.isEmpty() ? "–" : String.join(" ", extras);
    }

    /** A row per server, model, heap and extras at 10,000 clients and 1 s, in the models' order. */
    static String c10k(List<Results.WindowRow> rows) {
        List<CellRows> cells = CellRows.of(rows.stream().filter(r -> r.clients() == 10_000 && r.latencyMs() == 1000).toList());
        StringBuilder md = new StringBuilder("| server | model | heap | extra settings | successes/s | errors | p50, p99 ms "
                + "| app µs per success | peak RSS MiB | code |\n|---|---|---|---|--:|--:|--:|--:|--:|---|\n");
        for (CellRows c : sorted(cells)) {
            md.append("| ").append(serverName(c.server())).append(" | `").append(c.variant()).append("` | ")
                    .append(Facet.heapText(c.facet().heap())).append(" | ").append(extras(c.measured().isEmpty() ? ""
                            : c.measured().get(0).settings())).append(" | ");
            if (c.failed()) {
                md.append("failed: ").append(c.reason()).append(" | | | | | ").append(code(rows, c)).append(" |\n");
                continue;
            }
            Results.WindowRow middle = c.middle();
            long errors = c.measured().stream().mapToLong(r -> r.errors() == null ? 0 : r.errors()).sum();
            md.append(AnswerTable.figure(c.successes())).append(" | ").append(String.format(Locale.ROOT, "%,d", errors))
                    .append(" | ").append(AnswerTable.figure(middle.p50Ms())).append(", ").append(AnswerTable.figure(middle.p99Ms()))
                    .append(" | ").append(AnswerTable.figure(c.appPerSuccess())).append(" | ")
                    .append(AnswerTable.figure(c.median(AnswerTable::rss)))
                    .append(" | ").append(code(rows, c)).append(" |\n");
        }
        md.append("\n*Successes/s*: 2xx answers a second, the median of the measured windows; *errors*: every answer but 2xx "
                + "and every socket error, summed over them. From `docs/data/c10k.csv`, written by `bench/redraw.sh`.\n");
        return md.toString();
    }

    /** The code a cell ran, from its rows (a failed cell's row included): `abc1234`. */
    private static String code(List<Results.WindowRow> rows, CellRows c) {
        List<Results.WindowRow> own = new ArrayList<>(c.measured());
        if (own.isEmpty()) {
            rows.stream().filter(r -> "failed".equals(r.status()) && Facet.of(r).equals(c.facet())
                    && Facet.text(r.variant()).equals(c.variant()) && CellRows.server(r).equals(c.server())
                    && r.clients() == c.clients()).forEach(own::add);
        }
        return commits(own);
    }

    private static String commits(List<Results.WindowRow> rows) {
        List<String> commits = rows.stream().map(r -> Facet.text(r.commit()))
                .map(commit -> commit.length() > 7 ? commit.substring(0, 7) : commit).filter(commit -> !commit.isEmpty())
                .distinct().toList();
        return commits.isEmpty() ? "–" : "`" + String.join("`, `", commits) + "`";
    }

    /** One line through the live heap against the requests in flight: its slope, its value at none, its points. */
    record Slope(String server, String variant, String extras, double kibPerRequest, double baseMib, int points,
                 int maxClients, Double peakRssMib, String code) {
    }

    /**
     * The least-squares slope of each server, model and extras over its measured windows with a live heap, against the
     * clients: each closed-loop client has one request in flight at every moment but the instant between an answer and
     * its next request, and that request holds its connection's memory whether admission has let it in yet or not (the
     * admission gauge beside the histogram counts only those it has: under {@code virtual} on Tomcat, 7,574 of 10,000).
     */
    static List<Slope> slopes(List<Results.WindowRow> rows) {
        Map<List<String>, List<Results.WindowRow>> groups = new LinkedHashMap<>();
        for (Results.WindowRow r : rows) {
            if (CellRows.measured(r) && r.liveHeapMib() != null && r.inFlight() != null) {
                groups.computeIfAbsent(List.of(CellRows.server(r), Facet.text(r.variant()), extras(r.settings())),
                        k -> new ArrayList<>()).add(r);
            }
        }
        List<Slope> slopes = new ArrayList<>();
        groups.forEach((key, points) -> {
            if (points.stream().map(Results.WindowRow::clients).distinct().count() < 2) {
                return;
            }
            double n = points.size();
            double mx = points.stream().mapToDouble(Results.WindowRow::clients).sum() / n;
            double my = points.stream().mapToDouble(Results.WindowRow::liveHeapMib).sum() / n;
            double sxy = points.stream().mapToDouble(p -> (p.clients() - mx) * (p.liveHeapMib() - my)).sum();
            double sxx = points.stream().mapToDouble(p -> (p.clients() - mx) * (p.clients() - mx)).sum();
            double slope = sxy / sxx;
            Results.WindowRow top = points.stream().max(Comparator.comparingInt(Results.WindowRow::clients)).orElseThrow();
            slopes.add(new Slope(key.get(0), key.get(1), key.get(2), slope * 1024, my - slope * mx, points.size(),
                    top.clients(), AnswerTable.rss(top), commits(points)));
        });
        return slopes;
    }

    static String heap(List<Results.WindowRow> rows) {
        StringBuilder md = new StringBuilder("| server | model | extra settings | KB per request in flight | live heap with none, MiB "
                + "| points | most clients | peak RSS MiB there | code |\n|---|---|---|--:|--:|--:|--:|--:|---|\n");
        List<Slope> slopes = new ArrayList<>(slopes(rows));
        slopes.sort(Comparator.comparing((Slope s) -> ModelStyle.order(s.variant())).thenComparing(s -> order(s.server()))
                .thenComparing(Slope::extras));
        for (Slope s : slopes) {
            md.append("| ").append(serverName(s.server())).append(" | `").append(s.variant()).append("` | ").append(s.extras())
                    .append(" | **").append(AnswerTable.figure(s.kibPerRequest())).append("** | ")
                    .append(AnswerTable.figure(s.baseMib())).append(" | ").append(s.points()).append(" | ")
                    .append(String.format(Locale.ROOT, "%,d", s.maxClients())).append(" | ")
                    .append(Objects.isNull(s.peakRssMib()) ? "–" : AnswerTable.figure(s.peakRssMib())).append(" | ")
                    .append(s.code()).append(" |\n");
        }
        md.append("\n*KB per request in flight*: the least-squares slope of the live heap after a full GC (`jcmd "
                + "GC.class_histogram` in the middle of a measured window) against the closed-loop clients, each with one "
                + "request in flight (KB = 1,024 bytes); *live heap with none*: where the line meets no client. From "
                + "`docs/data/heap-in-flight.csv`, written by `bench/redraw.sh`.\n");
        return md.toString();
    }

    private static List<CellRows> sorted(List<CellRows> cells) {
        return cells.stream().sorted(Comparator.comparing((CellRows c) -> ModelStyle.order(c.variant()))
                .thenComparing(c -> order(c.server())).thenComparing(c -> c.facet().heap())).toList();
    }

    private static int order(String server) {
        return List.of("tomcat", "jetty", "netty", "vertx").indexOf(server);
    }
}
