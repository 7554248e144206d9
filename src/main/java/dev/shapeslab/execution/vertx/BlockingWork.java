package dev.shapeslab.execution.vertx;

import dev.shapeslab.web.ProblemException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * Where {@code vertx}'s blocking store calls run: a named Vert.x worker pool of fixed size ({@value #POOL_NAME}-N
 * threads, {@code vertx.blocking.threads}, by default Hikari's maximum pool size) through {@code executeBlocking},
 * never on an event loop, which must never block. Vert.x's worker queue has no bound of its own, so this class
 * counts the calls it holds, running or queued: past {@code threads + vertx.blocking.queue-capacity} a call is refused
 * at once with 503 and {@code Retry-After}, as {@code async}'s and {@code webflux}'s full queues are. Vert.x's
 * blocked-thread checker watches these threads too (a warning past its worker limit, 60 s by default).
 *
 * <p>Meters: {@code executor.active} and {@code executor.queued} tagged {@code name=vertx.blocking}, as Micrometer
 * names the other variants' pools, and {@code vertx.blocking.rejected}.
 */
public final class BlockingWork implements AutoCloseable {

    public static final String POOL_NAME = "vertx-blocking";

    private final WorkerExecutor executor;
    private final int threads;
    private final int queueCapacity;
    /** Calls held: queued, or running on a worker. */
    private final AtomicInteger held = new AtomicInteger();
    private final AtomicInteger busy = new AtomicInteger();
    private final Counter rejected;

    BlockingWork(Vertx vertx, int threads, int queueCapacity, MeterRegistry registry) {
        if (threads < 1 || queueCapacity < 0) {
            throw new IllegalArgumentException("vertx.blocking.threads must be at least 1 and vertx.blocking.queue-"
                    + "capacity not negative: " + threads + ", " + queueCapacity);
        }
        this.executor = vertx.createSharedWorkerExecutor(POOL_NAME, threads);
        this.threads = threads;
        this.queueCapacity = queueCapacity;
        Tags pool = Tags.of("name", "vertx.blocking");
        Gauge.builder("executor.active", busy, AtomicInteger::get).tags(pool).baseUnit("threads")
                .description("Store calls running on the vertx variant's worker pool").register(registry);
        Gauge.builder("executor.queued", this, BlockingWork::queued).tags(pool).baseUnit("tasks")
                .description("Store calls waiting for a worker").register(registry);
        this.rejected = Counter.builder("vertx.blocking.rejected")
                .description("Store calls refused because the vertx variant's worker queue was full").register(registry);
    }

    /**
     * Runs {@code work} on a worker when one takes it, if {@code start} lets it then (false: the request was answered
     * meanwhile, and the work must not run; the result is then null). <b>Context:</b> called on an event loop, the
     * result is delivered on that same event loop (Vert.x hands {@code executeBlocking}'s result back to the caller's
     * context). <b>Errors:</b> what {@code work} throws; a full queue fails at once with a 503 {@link ProblemException}.
     */
    <T> Future<T> run(BooleanSupplier start, Callable<T> work) {
        if (held.incrementAndGet() > threads + queueCapacity) {
            held.decrementAndGet();
            rejected.increment();
            return Future.failedFuture(ProblemException.unavailable("The service is at capacity; retry shortly"));
        }
        return executor.executeBlocking(() -> {
            busy.incrementAndGet();
            try {
                return start.getAsBoolean() ? work.call() : null;
            } finally {
                busy.decrementAndGet();
                held.decrementAndGet();
            }
        }, false); // unordered: calls of one event loop run side by side, not one after another
    }

    /** Workers running a store call now. */
    public int busyThreads() {
        return busy.get();
    }

    /** Store calls waiting for a worker now. */
    public int queued() {
        return Math.max(0, held.get() - busy.get());
    }

    int threads() {
        return threads;
    }

    int queueCapacity() {
        return queueCapacity;
    }

    @Override
    public void close() {
        executor.close();
    }
}
