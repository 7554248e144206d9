package dev.shapeslab.execution.webflux;

import dev.shapeslab.execution.BlockingPools;
import dev.shapeslab.execution.Variants;
import dev.shapeslab.persistence.Backends;
import dev.shapeslab.web.ProblemException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.Callable;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.function.BooleanSupplier;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The bounded scheduler for {@code webflux}'s blocking store calls: a fixed pool of threads named
 * {@value #THREAD_PREFIX}N ({@code webflux.blocking.threads}, by default Hikari's maximum pool size) in front of a
 * bounded queue ({@code webflux.blocking.queue-capacity}). A store call never runs on an event loop, which must
 * never block: one JDBC call there would stall every connection of that loop.
 *
 * <p>Why not Reactor's {@code Schedulers.boundedElastic()}: it grows to ten threads per core whatever the
 * connections, and its queue bound is per thread, given out as work is assigned, so the whole bound is not one
 * number; why not {@code newBoundedElastic}: the same per-thread queue. A fixed pool sized to the connections in
 * front of one bounded queue says exactly what waits, and answers a full queue at once with 503 and
 * {@code Retry-After}, as {@code async}'s pool does.
 */
@Component
@Profile(Variants.WEBFLUX + " & !" + Backends.R2DBC)
public class BlockingCalls implements DisposableBean {

    public static final String THREAD_PREFIX = "webflux-blocking-";

    private final ThreadPoolExecutor executor;
    private final Counter rejected;

    BlockingCalls(@Value("${webflux.blocking.threads}") int threads,
                  @Value("${webflux.blocking.queue-capacity}") int queueCapacity, MeterRegistry registry) {
        this.executor = BlockingPools.fixed(THREAD_PREFIX, "webflux.blocking", threads, queueCapacity, registry);
        this.rejected = Counter.builder("webflux.blocking.rejected")
                .description("Store calls refused because the webflux variant's blocking pool queue was full")
                .register(registry);
    }

    /**
     * A {@code Mono} that runs {@code work} on this pool when subscribed, if {@code start} lets it when a thread
     * takes it (false: the request was answered meanwhile, and the work must not run). <b>Scheduler:</b> the result
     * (a null one completes empty) is signalled on the pool thread that ran the work. <b>Errors:</b> what
     * {@code work} throws; a full queue signals a 503 {@link ProblemException} at once, on the subscribing thread.
     * <b>Cancel:</b> work that has not started leaves the queue and never runs; started work runs to its end
     * (bounded by the store's own deadline), and its result is dropped.
     */
    public <T> Mono<T> run(BooleanSupplier start, Callable<T> work) {
        return Mono.create(sink -> {
            Future<?> task;
            try {
                task = executor.submit(() -> {
                    if (!start.getAsBoolean()) {
                        return;
                    }
                    try {
                        sink.success(work.call());
                    } catch (Throwable failure) {
                        sink.error(failure);
                    }
                });
            } catch (RejectedExecutionException full) {
                rejected.increment();
                sink.error(ProblemException.unavailable("The service is at capacity; retry shortly"));
                return;
            }
            sink.onCancel(() -> {
                if (task.cancel(false)) {
                    executor.remove((Runnable) task);
                }
            });
        });
    }

    /** Threads running a store call now. */
    public int busyThreads() {
        return executor.getActiveCount();
    }

    /** Store calls waiting for a thread now. */
    public int queued() {
        return executor.getQueue().size();
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
