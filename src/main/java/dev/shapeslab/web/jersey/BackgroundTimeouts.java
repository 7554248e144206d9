package dev.shapeslab.web.jersey;

import java.util.concurrent.RejectedExecutionHandler;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import org.glassfish.jersey.server.BackgroundScheduler;
import org.glassfish.jersey.spi.ScheduledThreadPoolExecutorProvider;

/**
 * Jersey's background scheduler with cancelled timeouts removed at once: Jersey's own keeps each, and its request,
 * until it would have fired, which filled the heap (docs/notebook/2026-11-23-faults-first-fixes.md).
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
