package dev.shapeslab.execution.virtual;

import static org.awaitility.Awaitility.await;
import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.Requires;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.testng.annotations.Test;

/**
 * The starvation {@link VirtualThreadCarriers} works around, reproduced without the app: a virtual thread blocked on a
 * monitor is woken by the JVM's unblocker thread into a queue of its own, and a carrier that always has a virtual
 * thread of its own to run next never takes from that queue. Here each busy carrier runs two virtual threads that wake
 * each other in turn, as many such pairs as processors: on the JDK's default scheduler (one carrier per processor,
 * {@code -Djdk.virtualThreadScheduler.parallelism} as many) the monitor's next owner never runs (Temurin 25.0.3), and
 * this test fails. With the carrier the app adds, one is free and runs it.
 */
@Requires(VirtualThreads.class)
public class VirtualSchedulerStarvationTests {

    private static final int PROCESSORS = Runtime.getRuntime().availableProcessors();

    @Test
    public void theAppRunsACarrierMoreThanProcessors() throws Exception {
        new VirtualThreadCarriers();

        assertEquals(ManagementFactory.getPlatformMBeanServer()
                .getAttribute(VirtualThreadCarriers.scheduler(), "Parallelism"), carriersWanted());
    }

    @Test
    public void aMonitorsNextOwnerRunsWhileACarrierPerProcessorIsKeptBusy() throws Exception {
        new VirtualThreadCarriers();
        Executor virtualThreads = org.eclipse.jetty.util.VirtualThreads.getNamedVirtualThreadsExecutor("starvation-");
        Object monitor = new Object();
        AtomicReference<Thread> nextOwner = new AtomicReference<>();
        CountDownLatch entered = new CountDownLatch(1);
        List<Pair> pairs = new ArrayList<>();
        try {
            synchronized (monitor) { // held by this platform thread
                virtualThreads.execute(() -> {
                    nextOwner.set(Thread.currentThread());
                    synchronized (monitor) {
                        entered.countDown();
                    }
                });
                await("the virtual thread blocked on the monitor").atMost(Duration.ofSeconds(30))
                        .until(() -> nextOwner.get() != null && nextOwner.get().getState() == Thread.State.BLOCKED);
                for (int i = 0; i < PROCESSORS; i++) {
                    pairs.add(new Pair(virtualThreads));
                }
                await("the pairs going").atMost(Duration.ofSeconds(30))
                        .until(() -> pairs.stream().allMatch(pair -> pair.rounds.get() > 1_000));
            } // the blocked virtual thread is the monitor's next owner: the unblocker thread wakes it

            assertTrue(entered.await(30, TimeUnit.SECONDS), "the monitor's next owner did not run in 30 s while "
                    + PROCESSORS + " carriers were kept busy: starved in the scheduler's queues");
        } finally {
            pairs.forEach(Pair::stop);
        }
    }

    private static Object carriersWanted() {
        return System.getProperty(VirtualThreadCarriers.PARALLELISM_PROPERTY) == null
                ? PROCESSORS + VirtualThreadCarriers.SPARE
                : Integer.getInteger(VirtualThreadCarriers.PARALLELISM_PROPERTY);
    }

    /**
     * Two virtual threads that wake each other and then park, in turn: the one woken goes to the local queue of the
     * carrier that woke it, which runs it next, so the pair keeps one carrier busy without end.
     */
    private static final class Pair {
        final AtomicLong rounds = new AtomicLong();
        private final Thread[] sides = new Thread[2];
        private final CountDownLatch started = new CountDownLatch(2);
        private volatile boolean stopped;

        Pair(Executor virtualThreads) {
            virtualThreads.execute(() -> play(0));
            virtualThreads.execute(() -> play(1));
        }

        private void play(int side) {
            sides[side] = Thread.currentThread();
            started.countDown();
            try {
                started.await();
            } catch (InterruptedException e) {
                return;
            }
            Thread other = sides[1 - side];
            while (!stopped) {
                rounds.incrementAndGet();
                LockSupport.unpark(other);
                LockSupport.park(this);
            }
            LockSupport.unpark(other);
        }

        void stop() {
            stopped = true;
            for (Thread side : sides) {
                if (side != null) {
                    LockSupport.unpark(side);
                }
            }
        }
    }
}
