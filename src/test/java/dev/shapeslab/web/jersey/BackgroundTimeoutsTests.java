package dev.shapeslab.web.jersey;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.testng.annotations.Test;

public class BackgroundTimeoutsTests {

    @Test
    public void aCancelledTimeoutLeavesTheQueueAtOnce() {
        BackgroundTimeouts provider = new BackgroundTimeouts();
        ScheduledExecutorService scheduler = provider.getExecutorService();
        try {
            ScheduledFuture<?> timeout = scheduler.schedule(() -> { }, 10, TimeUnit.SECONDS);
            assertTrue(scheduler instanceof ScheduledThreadPoolExecutor, scheduler.getClass().getName());
            assertEquals(((ScheduledThreadPoolExecutor) scheduler).getQueue().size(), 1);

            timeout.cancel(true); // what Jersey does when the response is answered

            assertEquals(((ScheduledThreadPoolExecutor) scheduler).getQueue().size(), 0,
                    "a cancelled timeout still holds its request");
        } finally {
            provider.dispose(scheduler);
        }
    }
}
