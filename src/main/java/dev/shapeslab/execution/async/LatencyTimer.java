package dev.shapeslab.execution.async;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Port;
import dev.shapeslab.deployment.Deployment.Variant;
import io.reactivex.Scheduler;
import io.reactivex.schedulers.Schedulers;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * One named timer thread ({@value #THREAD_NAME}) on which {@code async} waits out simulated latency, holding no
 * thread; when a timer fires, it only hands the store call to the {@link dev.shapeslab.execution.BlockingPool}.
 */
@Component
@ConditionalOnDeployment(variant = Variant.ASYNC, port = Port.BLOCKING)
public class LatencyTimer implements DisposableBean {

    public static final String THREAD_NAME = "latency-timer";

    private final ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, work -> {
        Thread thread = new Thread(work, THREAD_NAME);
        thread.setDaemon(true);
        return thread;
    });
    private final Scheduler scheduler;

    LatencyTimer() {
        // A request answered at its timeout takes its timer with it, not only its work.
        executor.setRemoveOnCancelPolicy(true);
        scheduler = Schedulers.from(executor);
    }

    Scheduler scheduler() {
        return scheduler;
    }

    /** Timers set and not yet fired: requests waiting for their simulated latency. */
    int pending() {
        return executor.getQueue().size();
    }

    @Override
    public void destroy() {
        executor.shutdownNow();
    }
}
