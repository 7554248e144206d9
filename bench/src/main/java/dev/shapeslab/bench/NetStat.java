package dev.shapeslab.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The machine's TCP counters, as {@code /proc/net/snmp} ({@code Tcp:}) and {@code /proc/net/netstat}
 * ({@code TcpExt:}) write them: for each group a line of names and a line of values. The harness stores
 * those raw lines around the overload; the difference tells how many connections the clients opened,
 * how many were reset, and how often a server's accept queue overflowed (a SYN dropped: the client
 * retries it after 1 s, then 3 s). Loopback only carries the cell's traffic, so the counters are the cell's.
 */
final class NetStat {

    static final List<String> COUNTERS = List.of("Tcp:ActiveOpens", "Tcp:EstabResets", "TcpExt:ListenOverflows",
            "TcpExt:ListenDrops");

    private NetStat() {
    }

    /** The {@code Tcp:} lines of /proc/net/snmp and the {@code TcpExt:} lines of /proc/net/netstat, one per line. */
    static String snapshot() {
        List<String> lines = new ArrayList<>();
        for (String file : List.of("/proc/net/snmp", "/proc/net/netstat")) {
            try {
                for (String line : Files.readAllLines(Path.of(file), StandardCharsets.US_ASCII)) {
                    if (line.startsWith("Tcp: ") || line.startsWith("TcpExt: ")) {
                        lines.add(line);
                    }
                }
            } catch (IOException e) {
                // no /proc/net: no TCP figures, said as such by the report
            }
        }
        return String.join("\n", lines);
    }

    /** {@code group:name} → value, from pairs of name and value lines (the format of both files). */
    static Map<String, Long> parse(String lines) {
        Map<String, Long> counters = new LinkedHashMap<>();
        String[] header = null;
        for (String line : lines.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.trim().split("\\s+");
            if (header == null || !header[0].equals(f[0]) || !isNumber(f[1])) {
                header = f;
                continue;
            }
            if (f.length != header.length) {
                throw new IllegalArgumentException("a " + f[0] + " value line with " + f.length + " fields under "
                        + header.length + " names");
            }
            String group = f[0].substring(0, f[0].length() - 1);
            for (int i = 1; i < f.length; i++) {
                counters.put(group + ":" + header[i], Long.parseLong(f[i]));
            }
            header = null;
        }
        return counters;
    }

    /** How much each counter of {@link #COUNTERS} grew between two snapshots; missing ones are left out. */
    static Map<String, Long> delta(String before, String after) {
        Map<String, Long> b = parse(before);
        Map<String, Long> a = parse(after);
        Map<String, Long> delta = new LinkedHashMap<>();
        for (String c : COUNTERS) {
            if (a.containsKey(c) && b.containsKey(c)) {
                delta.put(c, a.get(c) - b.get(c));
            }
        }
        return delta;
    }

    /** "12,345 opened, 158,073 accept-queue overflows, 22,345 resets" of a {@link NetStat#delta}. */
    static String describe(Map<String, Long> delta) {
        if (delta.isEmpty()) {
            return "–";
        }
        return String.format(Locale.ROOT, "%,d opened, %,d accept-queue overflows, %,d resets",
                delta.getOrDefault("Tcp:ActiveOpens", 0L), delta.getOrDefault("TcpExt:ListenOverflows", 0L),
                delta.getOrDefault("Tcp:EstabResets", 0L));
    }

    private static boolean isNumber(String s) {
        return s.matches("-?[0-9]+");
    }
}
