package dev.shapeslab.web.admission;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.testng.annotations.Test;

/**
 * The bound on Tomcat's virtual threads, on platform threads (what starts a task's thread is the executor handed
 * in; the bound and the order are this class's): tasks past the bound wait without a thread and start in the
 * order they came, each when a running one ends, whether it ended well or not.
 */
public class VirtualThreadStartsTests {

    private static final Executor NEW_THREAD_EACH = task -> new Thread(task).start();

    @Test
    public void atMostTheBoundRunAndTheRestStartInArrivalOrderAsRunningOnesEnd() throws Exception {
        VirtualThreadStarts starts = new VirtualThreadStarts(NEW_THREAD_EACH, 2);
        Tasks tasks = new Tasks(5);
        for (int i = 0; i < 5; i++) {
            starts.execute(tasks.task(i));
        }
        tasks.awaitStarted(0);
        tasks.awaitStarted(1);
        assertEquals(starts.running(), 2);
        assertEquals(starts.waiting(), 3);

        tasks.finish(1);
        tasks.awaitStarted(2);
        tasks.finish(0);
        tasks.awaitStarted(3);
        assertEquals(starts.waiting(), 1);
        tasks.finish(2);
        tasks.awaitStarted(4);

        // 0 and 1 start together, on threads of their own; each after them started as a place came free.
        assertEquals(Set.copyOf(tasks.started.subList(0, 2)), Set.of(0, 1));
        assertEquals(tasks.started.subList(2, 5), List.of(2, 3, 4));
        tasks.finish(3);
        tasks.finish(4);
    }

    @Test
    public void aTaskThatFailsStillGivesItsStartToTheNext() throws Exception {
        CountDownLatch failed = new CountDownLatch(1);
        VirtualThreadStarts starts = new VirtualThreadStarts(task -> {
            Thread thread = new Thread(task);
            thread.setUncaughtExceptionHandler((t, e) -> failed.countDown());
            thread.start();
        }, 1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch nextRan = new CountDownLatch(1);
        starts.execute(() -> {
            await(release);
            throw new IllegalStateException("the request's processing failed");
        });
        starts.execute(nextRan::countDown);
        assertEquals(starts.waiting(), 1);

        release.countDown();

        assertTrue(nextRan.await(30, TimeUnit.SECONDS), "the next task never started");
        assertTrue(failed.await(30, TimeUnit.SECONDS));
    }

    /** Tasks that say when they start and run until told to finish. */
    private static final class Tasks {
        final List<Integer> started = new CopyOnWriteArrayList<>();
        private final CountDownLatch[] starting;
        private final CountDownLatch[] finishing;

        Tasks(int count) {
            starting = new CountDownLatch[count];
            finishing = new CountDownLatch[count];
            for (int i = 0; i < count; i++) {
                starting[i] = new CountDownLatch(1);
                finishing[i] = new CountDownLatch(1);
            }
        }

        Runnable task(int i) {
            return () -> {
                started.add(i);
                starting[i].countDown();
                await(finishing[i]);
            };
        }

        void awaitStarted(int i) throws InterruptedException {
            assertTrue(starting[i].await(30, TimeUnit.SECONDS), "task " + i + " never started; started: " + started);
        }

        void finish(int i) {
            finishing[i].countDown();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("never released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
