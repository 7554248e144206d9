package dev.shapeslab.execution.virtual;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertNotNull;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.Requires;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;
import org.testng.annotations.Test;

/**
 * Under virtual on Jetty, Jetty's own tasks (its selectors, the reads and writes) keep a few platform threads, and
 * each request runs on a virtual thread: a burst of more waiting requests than Jetty has threads is in flight at once.
 */
@ActiveProfiles({"virtual", "stub", "jetty"})
@TestPropertySource(properties = {
        "server.jetty.threads.max=" + VirtualThreadingOnJettyTests.JETTY_THREADS,
        "server.jetty.threads.min=" + VirtualThreadingOnJettyTests.JETTY_THREADS})
@Requires(VirtualThreads.class)
public class VirtualThreadingOnJettyTests extends VirtualRequestThreadingTests {

    /** Fewer than the burst, with room for the connector's acceptor and selectors. */
    static final int JETTY_THREADS = 6;

    @Test
    public void jettysOwnTasksKeepASmallPoolOfPlatformThreads() {
        QueuedThreadPool pool = jettyThreadPool();

        assertEquals(pool.getMaxThreads(), JETTY_THREADS);
        assertNotNull(pool.getVirtualThreadsExecutor(), "tasks that may block go to virtual threads");
        assertTrue(pool.getThreads() <= JETTY_THREADS, pool.getThreads() + " platform threads");
    }
}
