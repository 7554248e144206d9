package dev.shapeslab.execution;

import dev.shapeslab.web.ProblemCatalogue;
import dev.shapeslab.web.ProblemException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.jvm.ExecutorServiceMetrics;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;

/**
 * Where a variant that never blocks its request's thread runs its blocking store calls: named daemon threads
 * ({@code <variant>-blocking-N}) in front of one bounded queue; a call that finds the queue full is a 503 at once.
 *
 * <p>Not the libraries' schedulers: RxJava's {@code io()} and Reactor's {@code boundedElastic()} grow past the
 * connections, {@code Schedulers.from(executor)} never signals a rejection, Vert.x's worker pool has no queue bound.
 * Its meters keep the variant's name ({@code name=<variant>.blocking}), which dashboards and the harness read.
 */
public final class BlockingPool implements AutoCloseable {

    private final String threadPrefix;
    private final ThreadPoolExecutor executor;
    private final int queueCapacity;
    private final Counter rejected;

    public BlockingPool(String variant, BlockingPoolSettings settings, MeterRegistry registry) {
        this.threadPrefix = variant + "-blocking-";
        this.queueCapacity = settings.queueCapacity();
        AtomicInteger count = new AtomicInteger();
        // A queue of 0 means no waiting: a call runs at once on an idle thread or is refused.
        BlockingQueue<Runnable> queue = queueCapacity == 0
                ? new SynchronousQueue<>() : new ArrayBlockingQueue<>(queueCapacity);
        this.executor = new ThreadPoolExecutor(settings.threads(), settings.threads(), 0, TimeUnit.MILLISECONDS, queue,
                work -> {
                    Thread thread = new Thread(work, threadPrefix + count.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                }, new ThreadPoolExecutor.AbortPolicy());
        new ExecutorServiceMetrics(executor, variant + ".blocking", List.of()).bindTo(registry);
        this.rejected = Counter.builder(variant + ".blocking.rejected")
                .description("Store calls refused because the " + variant + " variant's blocking pool queue was full")
                .register(registry);
    }

    /**
     * Queues {@code task}, which signals its own outcome and must not throw. <b>Errors:</b> a full queue throws a 503
     * {@link ProblemException} at once, on the calling thread.
     *
     * @return cancels the task if no thread has taken it yet
     */
    public Runnable submit(Runnable task) {
        Future<?> queued;
        try {
            queued = executor.submit(task);
        } catch (RejectedExecutionException full) {
            rejected.increment();
            throw ProblemCatalogue.AT_CAPACITY.exception();
        }
        return () -> {
            if (queued.cancel(false)) {
                executor.remove((Runnable) queued);
            }
        };
    }

    /** A variant's own timer, on which a call waits holding no thread (Reactor's, Vert.x's). */
    @FunctionalInterface
    public interface Timer {

        /** Runs {@code task} after {@code delay}; the Runnable returned cancels it. */
        Runnable schedule(Duration delay, Runnable task);
    }

    /**
     * {@code work} on a pool thread, after {@code latency} waited for on {@code timer}, unless {@code deadline} passes
     * before it starts: then it is answered 503 and never runs. {@code answer} gets the one outcome, on the thread that
     * ran the work, the timer's (the deadline's 503) or the submitter's (a full pool's 503).
     *
     * @return cancels the call if it has not started
     */
    public <R> Runnable submitBefore(Duration deadline, Duration latency, Timer timer, Callable<R> work,
                                     BiConsumer<R, Throwable> answer) {
        AtomicBoolean decided = new AtomicBoolean(); // by the start, the deadline or a cancel, whichever is first
        AtomicReference<Runnable> waiting = new AtomicReference<>(() -> { }); // the latency's timer, then the queue
        Runnable late = timer.schedule(deadline, () -> {
            if (decided.compareAndSet(false, true)) {
                waiting.get().run();
                answer.accept(null, ProblemCatalogue.NOT_STARTED_IN_TIME.exception());
            }
        });
        Runnable start = () -> {
            try {
                waiting.set(submit(() -> {
                    if (decided.compareAndSet(false, true)) {
                        late.run();
                        R result;
                        try {
                            result = work.call();
                        } catch (Throwable failure) {
                            answer.accept(null, failure);
                            return;
                        }
                        answer.accept(result, null);
                    }
                }));
                if (decided.get()) {
                    waiting.get().run(); // decided while it was being queued: it leaves the queue now
                }
            } catch (ProblemException full) {
                if (decided.compareAndSet(false, true)) {
                    late.run();
                    answer.accept(null, full);
                }
            }
        };
        if (latency.isZero()) {
            start.run();
        } else {
            waiting.set(timer.schedule(latency, () -> {
                if (!decided.get()) {
                    start.run();
                }
            }));
        }
        return () -> {
            if (decided.compareAndSet(false, true)) {
                late.run();
                waiting.get().run();
            }
        };
    }

    /** Threads running a call now. */
    public int busyThreads() {
        return executor.getActiveCount();
    }

    /** Calls waiting for a thread now. */
    public int queued() {
        return executor.getQueue().size();
    }

    public int threads() {
        return executor.getMaximumPoolSize();
    }

    public int queueCapacity() {
        return queueCapacity;
    }

    /** How its threads are named, followed by a number from 1. */
    public String threadPrefix() {
        return threadPrefix;
    }

    /** Where the store calls run, as a variant's threading sentence says it. */
    public String describe() {
        return "store calls run on " + threads() + " " + threadPrefix + "* threads (queue " + queueCapacity + ")";
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
