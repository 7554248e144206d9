package dev.shapeslab.execution;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.deployment.Deployment.Variant;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.stereotype.Component;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * The named threads ({@value #THREAD_PREFIX}N) on which {@code async} and {@code rxjava} over {@code r2dbc} answer a
 * store call's result: not the driver's event loops, since Jersey writes through the servlet's blocking stream and a
 * slow client would hold up every query on the loop. A request holds one only while it is answered.
 */
@Component
// Not under webflux, which answers on its event loops, whose writes never block.
@ConditionalOnDeployment(variant = {Variant.ASYNC, Variant.RXJAVA}, store = Store.R2DBC)
@EnableConfigurationProperties(ResponseThreads.Settings.class)
public class ResponseThreads implements DisposableBean {

    /** {@code shapes.response-threads}: how many; 0 for twice the cores. */
    @ConfigurationProperties("shapes")
    record Settings(@DefaultValue("0") int responseThreads) {
        Settings {
            if (responseThreads < 0) {
                throw new IllegalArgumentException("shapes.response-threads must be 0 (twice the cores) or more: "
                        + responseThreads);
            }
        }
    }

    public static final String THREAD_PREFIX = "response-";

    private final ExecutorService executor;
    private final Scheduler scheduler;
    private final int threads;

    ResponseThreads(Settings settings) {
        this.threads = settings.responseThreads() > 0 ? settings.responseThreads()
                : 2 * Runtime.getRuntime().availableProcessors();
        AtomicInteger count = new AtomicInteger();
        ThreadFactory named = work -> {
            Thread thread = new Thread(work, THREAD_PREFIX + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
        this.executor = Executors.newFixedThreadPool(this.threads, named);
        this.scheduler = Schedulers.fromExecutorService(executor, "response-threads");
    }

    /** Where to {@code publishOn} a store call's result. */
    public Scheduler scheduler() {
        return scheduler;
    }

    public int threads() {
        return threads;
    }

    @Override
    public void destroy() {
        scheduler.dispose();
        executor.shutdownNow();
    }
}
