package dev.shapeslab.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Everything a cell starts, so that it is stopped again by PID (with its descendants), also when the
 * harness is interrupted: a JVM shutdown hook calls {@link #stopAll}.
 */
final class Processes {

    /** Work to do when stopping, such as a server script's {@code stop}, for processes started detached. */
    interface StopAction {
        void run() throws Exception;
    }

    private final List<Process> started = new ArrayList<>();
    private final Deque<StopAction> stopActions = new ArrayDeque<>();

    /** Starts a process that is stopped by {@link #stopAll}; its stdout and stderr go to {@code log}. */
    synchronized Process start(List<String> command, List<String> env, Path log) throws IOException {
        Process p = launch(command, env, log);
        started.add(p);
        return p;
    }

    /** Starts a process that is stopped by {@link #stopAll}, whose stdout the caller reads (stderr is dropped). */
    synchronized Process startPiped(List<String> command) throws IOException {
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        started.add(p);
        return p;
    }

    /** Starts a short-lived script (it may leave a server of its own running: register its stop). */
    Process script(List<String> command, List<String> env, Path log) throws IOException {
        return launch(command, env, log);
    }

    synchronized void onStop(StopAction action) {
        stopActions.push(action);
    }

    /** SIGTERM to every started process still alive and its descendants, SIGKILL after 20 s; then the stop actions. */
    synchronized void stopAll() {
        for (Process p : started) {
            if (p.isAlive()) {
                p.descendants().forEach(ProcessHandle::destroy);
                p.destroy();
            }
        }
        for (Process p : started) {
            try {
                if (!p.waitFor(20, TimeUnit.SECONDS)) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        started.clear();
        while (!stopActions.isEmpty()) {
            try {
                stopActions.pop().run();
            } catch (Exception e) {
                System.err.println("compare: a stop action failed: " + e);
            }
        }
    }

    private static Process launch(List<String> command, List<String> env, Path log) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        for (String kv : env) {
            int eq = kv.indexOf('=');
            pb.environment().put(kv.substring(0, eq), kv.substring(eq + 1));
        }
        return pb.start();
    }
}
