package dev.shapeslab.execution.async;

import dev.shapeslab.execution.BlockingPools;
import dev.shapeslab.execution.Variants;
import dev.shapeslab.persistence.Backends;
import dev.shapeslab.web.ProblemException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.reactivex.Single;
import java.util.concurrent.Callable;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

/**
 * The dedicated scheduler for the async variant's blocking store calls: a fixed pool of threads named
 * {@value #THREAD_PREFIX}N in front of a bounded queue.
 *
 * <p>Why not {@code Schedulers.io()}: it grows without bound, so a burst would open more threads than the
 * connection pool has connections and they would only queue inside Hikari. Why not
 * {@code Schedulers.computation()}: its few threads must never block. So the pool is sized to the
 * connection pool ({@code async.blocking.threads}, by default Hikari's maximum pool size), and when its
 * queue ({@code async.blocking.queue-capacity}) is full the work is refused at once with 503 and
 * {@code Retry-After} rather than queued without bound. (RxJava's own {@code Schedulers.from(executor)}
 * would report such a rejection to the global error handler and never signal the subscriber.)
 */
@Component
@Profile(Variants.ASYNC + " & !" + Backends.R2DBC)
public class BlockingWorkPool implements DisposableBean {

    public static final String THREAD_PREFIX = "blocking-work-";

    private final ThreadPoolExecutor executor;
    private final Counter rejected;

    BlockingWorkPool(@Value("${async.blocking.threads}") int threads,
                     @Value("${async.blocking.queue-capacity}") int queueCapacity, MeterRegistry registry) {
        this.executor = BlockingPools.fixed(THREAD_PREFIX, "async.blocking", threads, queueCapacity, registry);
        this.rejected = Counter.builder("async.blocking.rejected")
                .description("Store calls refused because the async variant's blocking pool queue was full")
                .register(registry);
    }

    /**
     * A {@code Single} that runs {@code work} on this pool when subscribed and signals its result there,
     * if {@code gate} lets it start. <b>Errors:</b> what {@code work} throws; a full queue signals a 503
     * {@link ProblemException} at once, on the subscribing thread. Disposing before the work started
     * removes it from the queue; a shut gate (the request was answered) means it never signals.
     */
    public <T> Single<T> run(WorkGate gate, Callable<T> work) {
        return Single.create(emitter -> {
            Future<?> task;
            PoolWaitEvent wait = new PoolWaitEvent();
            wait.begin();
            try {
                task = executor.submit(() -> {
                    wait.commit();
                    if (!gate.enter()) {
                        return;
                    }
                    try {
                        emitter.onSuccess(work.call());
                    } catch (Throwable failure) {
                        emitter.tryOnError(failure);
                    }
                });
            } catch (RejectedExecutionException full) {
                rejected.increment();
                emitter.onError(ProblemException.unavailable(
                        "The service is at capacity; retry shortly"));
                return;
            }
            emitter.setCancellable(() -> {
                if (task.cancel(false)) {
                    executor.remove((Runnable) task);
                }
            });
        });
    }

    /** Work waiting for a thread now. */
    int queued() {
        return executor.getQueue().size();
    }

    /** Threads running work now. */
    int busyThreads() {
        return executor.getActiveCount();
    }

    int threads() {
        return executor.getMaximumPoolSize();
    }

    int queueCapacity() {
        return executor.getQueue().remainingCapacity() + executor.getQueue().size();
    }

    @Override
    public void destroy() {
        executor.shutdownNow();
    }
}
