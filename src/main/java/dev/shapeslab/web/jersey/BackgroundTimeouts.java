package dev.shapeslab.web.jersey;

import java.util.concurrent.RejectedExecutionHandler;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import org.glassfish.jersey.server.BackgroundScheduler;
import org.glassfish.jersey.spi.ScheduledThreadPoolExecutorProvider;

/**
 * Jersey's background scheduler, on which it sets the timeout of every suspended response, with cancelled
 * timeouts removed at once. Jersey's own keeps a cancelled timeout queued until it would have fired, and
 * with it the whole request: under async, with answers coming fast and a timeout of seconds, that holds
 * every request answered within the timeout, enough to fill the heap once 503s come fast (the faults drill:
 * docs/notebook/2026-11-23-faults-first-fixes.md). Same single thread, same name pattern otherwise.
 */
@BackgroundScheduler
public class BackgroundTimeouts extends ScheduledThreadPoolExecutorProvider {

    public BackgroundTimeouts() {
        super("jersey-background-task-scheduler");
    }

    @Override
    protected ScheduledThreadPoolExecutor createExecutor(int corePoolSize, ThreadFactory threadFactory,
                                                         RejectedExecutionHandler handler) {
        ScheduledThreadPoolExecutor executor = super.createExecutor(corePoolSize, threadFactory, handler);
        executor.setRemoveOnCancelPolicy(true);
        return executor;
    }
}
