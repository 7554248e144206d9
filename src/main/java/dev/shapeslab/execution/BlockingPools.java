package dev.shapeslab.execution;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.jvm.ExecutorServiceMetrics;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The pool a non-blocking variant runs its blocking store calls on ({@code async}'s and {@code webflux}'s): a fixed
 * number of named daemon threads in front of one bounded queue that refuses work when full (the caller answers
 * 503), with Micrometer's {@code executor.*} metrics under {@code metricsName}.
 */
public final class BlockingPools {

    private BlockingPools() {
    }

    public static ThreadPoolExecutor fixed(String threadPrefix, String metricsName, int threads, int queueCapacity,
            MeterRegistry registry) {
        AtomicInteger count = new AtomicInteger();
        ThreadFactory named = work -> {
            Thread thread = new Thread(work, threadPrefix + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
        ThreadPoolExecutor executor = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(queueCapacity), named, new ThreadPoolExecutor.AbortPolicy());
        // executor.* metrics tagged name=metricsName: threads active, tasks queued and completed.
        new ExecutorServiceMetrics(executor, metricsName, List.of()).bindTo(registry);
        return executor;
    }
}
