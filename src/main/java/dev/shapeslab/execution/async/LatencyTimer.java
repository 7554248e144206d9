package dev.shapeslab.execution.async;

import dev.shapeslab.startup.Profiles;
import io.reactivex.Scheduler;
import io.reactivex.schedulers.Schedulers;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

/**
 * One named timer thread ({@value #THREAD_NAME}) on which the async variant waits for simulated latency.
 * Waiting holds no thread; when a timer fires, this thread only hands the store call to the
 * {@link BlockingWorkPool}, so one thread serves any number of waiting requests.
 */
@Component
@Profile(Profiles.ASYNC)
public class LatencyTimer implements DisposableBean {

    public static final String THREAD_NAME = "latency-timer";

    private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(work -> {
        Thread thread = new Thread(work, THREAD_NAME);
        thread.setDaemon(true);
        return thread;
    });
    private final Scheduler scheduler = Schedulers.from(executor);

    Scheduler scheduler() {
        return scheduler;
    }

    @Override
    public void destroy() {
        executor.shutdownNow();
    }
}
