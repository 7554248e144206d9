package dev.shapeslab.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time as Linux accounts it, read from the lines {@code /proc} really writes. The harness stores the
 * raw lines before and after each window, and the report computes the figures from them.
 */
final class ProcStat {

    private ProcStat() {
    }

    /**
     * CPU ticks of one process, from a {@code /proc/PID/stat} line: its own user and system time, and that
     * of its reaped children (a shell that ran wrk holds wrk's time there once wrk has exited).
     */
    record ProcessTicks(long user, long system, long childUser, long childSystem) {

        long own() {
            return user + system;
        }

        long children() {
            return childUser + childSystem;
        }

        /**
         * Parses a {@code /proc/PID/stat} line. The command name (field 2) is in parentheses and may hold
         * spaces and parentheses itself, so the fields are counted from the last {@code ')'}: after it come
         * field 3 (state) onwards, and utime, stime, cutime, cstime are fields 14 to 17.
         */
        static ProcessTicks parse(String statLine) {
            int close = statLine.lastIndexOf(')');
            if (close < 0) {
                throw new IllegalArgumentException("not a /proc/PID/stat line: " + abbreviate(statLine));
            }
            String[] f = statLine.substring(close + 1).trim().split("\\s+");
            if (f.length < 15) {
                throw new IllegalArgumentException("too few fields in a /proc/PID/stat line: " + abbreviate(statLine));
            }
            return new ProcessTicks(Long.parseLong(f[11]), Long.parseLong(f[12]), Long.parseLong(f[13]),
                    Long.parseLong(f[14]));
        }

        /** Field 1 of a {@code /proc/PID/stat} line: the process's ID. */
        static long pid(String statLine) {
            int open = statLine.indexOf(" (");
            if (open < 0) {
                throw new IllegalArgumentException("not a /proc/PID/stat line: " + abbreviate(statLine));
            }
            return Long.parseLong(statLine.substring(0, open).trim());
        }

        /** Field 4 of a {@code /proc/PID/stat} line: the parent's ID (counted from the last {@code ')'}). */
        static long parentPid(String statLine) {
            int close = statLine.lastIndexOf(')');
            String[] f = statLine.substring(close + 1).trim().split("\\s+", 3);
            if (close < 0 || f.length < 2) {
                throw new IllegalArgumentException("not a /proc/PID/stat line: " + abbreviate(statLine));
            }
            return Long.parseLong(f[1]);
        }

        static ProcessTicks read(long pid) throws IOException {
            return parse(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
        }
    }

    /**
     * The whole machine's CPU ticks, from the first ({@code cpu}) line of {@code /proc/stat}. {@code steal}: the time
     * the hypervisor ran other guests while this one had work (counted in {@code busy}); on a shared virtual machine,
     * capacity that comes and goes with no process of this machine to show for it.
     */
    record MachineTicks(long busy, long total, long steal) {

        /** {@code cpu user nice system idle iowait irq softirq steal ...}: idle and iowait are not busy. */
        static MachineTicks parse(String cpuLine) {
            String[] f = cpuLine.trim().split("\\s+");
            if (!f[0].equals("cpu") || f.length < 6) {
                throw new IllegalArgumentException("not the cpu line of /proc/stat: " + abbreviate(cpuLine));
            }
            long total = 0;
            // guest and guest_nice (fields 9 and 10) are already counted in user and nice
            for (int i = 1; i < Math.min(f.length, 9); i++) {
                total += Long.parseLong(f[i]);
            }
            long idle = Long.parseLong(f[4]) + Long.parseLong(f[5]);
            long steal = f.length > 8 ? Long.parseLong(f[8]) : 0;
            return new MachineTicks(total - idle, total, steal);
        }

        static String readLine() throws IOException {
            try (var lines = Files.lines(Path.of("/proc/stat"))) {
                return lines.findFirst().orElseThrow(() -> new IOException("/proc/stat is empty"));
            }
        }
    }

    static String abbreviate(String s) {
        return s.length() <= 120 ? s : s.substring(0, 117) + "...";
    }
}
