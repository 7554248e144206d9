package dev.shapeslab.bench;

import dev.shapeslab.bench.ProcStat.ProcessTicks;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;

/**
 * The CPU time of a server made of many processes: PostgreSQL's postmaster and its children (a backend per
 * connection, the checkpointer, background and WAL writers, autovacuum launcher and workers, parallel workers).
 *
 * <p>The method: a snapshot holds the raw {@code /proc/PID/stat} line of the root (the postmaster) and of every
 * live descendant, found by their parent IDs (field 4) among all of {@code /proc/*}{@code /stat}. The tree's ticks
 * are the sum, over those lines, of each process's own time (utime + stime) and of its reaped children's
 * (cutime + cstime). When a backend exits, the postmaster reaps it and the kernel adds its utime + stime (and
 * its own reaped children's) to the postmaster's cutime + cstime; so the sum counts a process that was alive
 * at a snapshot through its own line, and one that has exited through its parent's, and never both. A
 * backend that exits in the middle of a window, or starts and exits inside it, is counted whole and once; a
 * process that has exited but is not reaped yet (a zombie) still has its own line. What is left out: a
 * descendant reaped by a process outside the tree (none in PostgreSQL, whose children are all the
 * postmaster's), and CPU the kernel spends on the server's behalf outside its processes (softirqs).
 *
 * <p>A snapshot must not see a child both in its own line and in its parent's cutime: so the descendants are listed,
 * their lines read, the root's line read, and the descendants listed again; when a process of the first list is
 * missing from the second (it exited meanwhile, and may have been reaped before the root's line was read), the
 * snapshot is taken again. A process that started meanwhile is left out: the next snapshot counts it from its start,
 * so the window gains the little time it spent while this one was taken. A server opening its connections starts a
 * backend after another for seconds, and a snapshot that waited for none to start failed there.
 */
final class ProcessTree {

    /** Key of a window's CPU file that says the database figure is a process tree's. */
    static final String ACCOUNTING_KEY = "db_accounting";
    static final String ACCOUNTING = "process-tree";
    private static final int ATTEMPTS = 20;

    private ProcessTree() {
    }

    /** The root's line and its descendants' lines (by PID) at one moment. */
    record Snapshot(String root, Map<Long, String> descendants) {

        /** Writes the lines as {@code WHEN.db} and {@code WHEN.db.child.PID}, and marks the accounting. */
        void store(Properties cpu, String when) {
            cpu.setProperty(ACCOUNTING_KEY, ACCOUNTING);
            cpu.setProperty(when + ".db", root);
            descendants.forEach((pid, line) -> cpu.setProperty(when + ".db.child." + pid, line));
        }

        static Snapshot load(Properties cpu, String when) {
            String root = cpu.getProperty(when + ".db");
            if (root == null || root.isBlank()) {
                throw new IllegalArgumentException("CPU snapshot without '" + when + ".db'");
            }
            Map<Long, String> descendants = new TreeMap<>();
            String prefix = when + ".db.child.";
            for (String key : cpu.stringPropertyNames()) {
                if (key.startsWith(prefix)) {
                    descendants.put(Long.parseLong(key.substring(prefix.length())), cpu.getProperty(key));
                }
            }
            return new Snapshot(root, descendants);
        }

        long rootPid() {
            return ProcessTicks.pid(root);
        }

        /** Own and reaped children's ticks of the root and of every descendant. */
        long ticks() {
            long total = all(ProcessTicks.parse(root));
            for (String line : descendants.values()) {
                total += all(ProcessTicks.parse(line));
            }
            return total;
        }

        private static long all(ProcessTicks t) {
            return t.own() + t.children();
        }
    }

    /** The tree's ticks between two snapshots; throws if the root is not the same process in both. */
    static long ticksBetween(Snapshot before, Snapshot after) {
        if (before.rootPid() != after.rootPid()) {
            throw new IllegalArgumentException("the database server's root process changed during the window ("
                    + before.rootPid() + ", then " + after.rootPid() + "): it was restarted");
        }
        long spent = after.ticks() - before.ticks();
        if (spent < 0) {
            throw new IllegalArgumentException("the database server's CPU time went backwards (" + before.ticks()
                    + " then " + after.ticks() + " ticks)");
        }
        return spent;
    }

    /** A consistent snapshot of {@code rootPid} and its descendants, from {@code /proc}. */
    static Snapshot read(long rootPid) throws IOException {
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            Map<Long, String> first = descendants(rootPid, allStatLines());
            String root;
            try {
                root = Files.readString(Path.of("/proc", Long.toString(rootPid), "stat")).trim();
            } catch (IOException e) {
                throw new IOException("the database server (PID " + rootPid + ") is gone: " + e.getMessage(), e);
            }
            Map<Long, String> second = descendants(rootPid, allStatLines());
            if (noneExited(first.keySet(), second.keySet())) {
                return new Snapshot(root, first);
            }
        }
        throw new IOException("processes under PID " + rootPid + " kept exiting during " + ATTEMPTS + " snapshots");
    }

    /**
     * Whether every descendant listed before the root's line was read is still listed after it: then none can be counted
     * twice, in its own line and in its parent's reaped children's time. Those started meanwhile do not matter.
     */
    static boolean noneExited(Set<Long> before, Set<Long> after) {
        return after.containsAll(before);
    }

    /** The lines of {@code rootPid}'s descendants (children, their children, ...), by PID, among {@code lines}. */
    static Map<Long, String> descendants(long rootPid, Collection<String> lines) {
        Map<Long, List<String>> byParent = new HashMap<>();
        for (String line : lines) {
            byParent.computeIfAbsent(ProcessTicks.parentPid(line), k -> new ArrayList<>()).add(line);
        }
        Map<Long, String> found = new TreeMap<>();
        Deque<Long> todo = new ArrayDeque<>(List.of(rootPid));
        while (!todo.isEmpty()) {
            for (String child : byParent.getOrDefault(todo.pop(), List.of())) {
                long pid = ProcessTicks.pid(child);
                if (found.putIfAbsent(pid, child) == null) {
                    todo.push(pid);
                }
            }
        }
        return found;
    }

    /** Every process's stat line; a process that exits while being read is left out. */
    private static List<String> allStatLines() throws IOException {
        List<String> lines = new ArrayList<>();
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), p -> p.getFileName().toString().matches("[0-9]+"))) {
            for (Path p : procs) {
                try {
                    lines.add(Files.readString(p.resolve("stat")).trim());
                } catch (IOException gone) {
                    // exited meanwhile
                }
            }
        }
        return lines;
    }
}
