package dev.shapeslab.web.admission;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The executor of Tomcat's and Jetty's requests under {@code virtual}: each task still runs on a new virtual thread, but at most
 * {@code maxRunning} at once; the rest wait here, in arrival order, as tasks that hold no thread.
 *
 * <p>Why: Tomcat's poller starts a virtual thread for every request that arrives, so a crowd of clients becomes
 * a crowd of runnable virtual threads in the scheduler's queues, in front of admission control, which only sees
 * a request once its thread runs. The JDK's scheduler (a ForkJoinPool) is not fair between its queues: a carrier
 * that finds work in one keeps taking from it while it has any. A virtual thread woken from another queue, the
 * one a monitor's next owner is put in, waited behind the crowd for seconds while the monitor it was to take
 * held up every request behind it (docs/notebook/2026-11-26-virtual-threads-and-the-scheduler-queues.md). With the crowd
 * waiting here instead, the scheduler's queues hold at most {@code maxRunning} threads and empty often, and the
 * crowd is served in the order it came. Admission control still decides what runs and what waits for a place:
 * a pass through it that suspends a request ends its thread and frees its start at once.
 */
public final class VirtualThreadStarts implements Executor {

    private final Executor virtualThreads;
    private final int maxRunning;
    private final Queue<Runnable> waiting = new ConcurrentLinkedQueue<>();
    private final AtomicInteger running = new AtomicInteger();

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
                running.decrementAndGet();
                throw refused;
            }
        }
    }
}
