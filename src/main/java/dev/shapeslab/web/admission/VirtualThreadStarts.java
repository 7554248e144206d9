package dev.shapeslab.web.admission;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The executor of Tomcat's and Jetty's requests under {@code virtual}: a new virtual thread per task, at most
 * {@code maxRunning} at once, the rest waiting here in order: a crowd of runnable virtual threads ahead of admission
 * starved a monitor's next owner (docs/notebook/2026-11-26-virtual-threads-and-the-scheduler-queues.md).
 */
public final class VirtualThreadStarts implements Executor {

    private final Executor virtualThreads;
    private final int maxRunning;
    private final Queue<Runnable> waiting = new ConcurrentLinkedQueue<>();
    private final AtomicInteger running = new AtomicInteger();
    private final LongAdder started = new LongAdder();

    /**
     * The starts a server's requests get under admission's {@code settings}: as many as admission lets in, and as many
     * again per core for the passes through it that only queue or refuse a request.
     */
    public static int maxRunning(AdmissionSettings settings) {
        return settings.maxInFlight() + 2 * Runtime.getRuntime().availableProcessors();
    }

    public VirtualThreadStarts(Executor virtualThreads, int maxRunning) {
        if (maxRunning < 1) {
            throw new IllegalArgumentException("at least one task must be able to run: " + maxRunning);
        }
        this.virtualThreads = virtualThreads;
        this.maxRunning = maxRunning;
    }

    @Override
    public void execute(Runnable task) {
        waiting.add(task);
        startWhileRoom();
    }

    /** Tasks running now, each on its virtual thread. */
    int running() {
        return running.get();
    }

    /** Tasks started so far, each on a virtual thread of its own. */
    public long started() {
        return started.sum();
    }

    /** Tasks waiting for a start. */
    int waiting() {
        return waiting.size();
    }

    private void startWhileRoom() {
        while (!waiting.isEmpty()) {
            int now = running.get();
            if (now >= maxRunning) {
                return; // the task that ends next starts the next one
            }
            if (!running.compareAndSet(now, now + 1)) {
                continue;
            }
            Runnable next = waiting.poll();
            if (next == null) {
                running.decrementAndGet(); // another start took it
                continue;
            }
            started.increment(); // before its thread runs: whoever sees the task's effects sees it counted
            try {
                virtualThreads.execute(() -> {
                    try {
                        next.run();
                    } finally {
                        running.decrementAndGet();
                        startWhileRoom();
                    }
                });
            } catch (RuntimeException refused) {
                started.decrement();
                running.decrementAndGet();
                throw refused;
            }
        }
    }
}
