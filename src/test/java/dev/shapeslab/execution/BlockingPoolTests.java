package dev.shapeslab.execution;

import static org.awaitility.Awaitility.await;
import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import dev.shapeslab.ShapesLabApplication;
import dev.shapeslab.web.ProblemException;
import dev.shapeslab.web.admission.AdmissionSettings;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.mock.env.MockEnvironment;
import org.testng.annotations.Test;

/**
 * The one blocking pool of {@code async}, {@code webflux} and {@code vertx}: bounded threads in front of a bounded
 * queue that refuses at once with a 503, its meters named after the variant, and its settings checked as the app
 * starts (each variant's own HTTP answer to a full pool: {@code *FullQueueTests}).
 */
public class BlockingPoolTests {

    @Test
    public void aFullQueueIsRefusedAtOnceWithA503AndCounted() throws Exception {
        MeterRegistry registry = new SimpleMeterRegistry();
        CountDownLatch release = new CountDownLatch(1);
        try (BlockingPool pool = new BlockingPool("webflux", new BlockingPoolSettings(1, 1), registry)) {
            pool.submit(() -> awaitQuietly(release));
            await().atMost(Duration.ofSeconds(10)).until(pool::busyThreads, busy -> busy == 1);
            pool.submit(() -> { });

            ProblemException refused = expectThrows(ProblemException.class, () -> pool.submit(() -> { }));

            assertEquals(refused.status(), 503);
            assertEquals(registry.get("webflux.blocking.rejected").counter().count(), 1.0);
            assertEquals(registry.get("executor.queued").tag("name", "webflux.blocking").gauge().value(), 1.0);
            release.countDown();
        }
    }

    @Test
    public void workCancelledBeforeAThreadTookItLeavesTheQueueAndNeverRuns() {
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean ran = new AtomicBoolean();
        try (BlockingPool pool = new BlockingPool("async", new BlockingPoolSettings(1, 1), new SimpleMeterRegistry())) {
            pool.submit(() -> awaitQuietly(release));
            Runnable cancel = pool.submit(() -> ran.set(true));
            assertEquals(pool.queued(), 1);

            cancel.run();

            assertEquals(pool.queued(), 0);
            release.countDown();
            pool.submit(() -> { }); // the place it left is free again
            await().atMost(Duration.ofSeconds(10)).until(pool::queued, waiting -> waiting == 0);
            assertFalse(ran.get(), "cancelled work ran");
        }
    }

    @Test
    public void itsThreadsAreNamedAfterTheVariant() {
        try (BlockingPool pool = new BlockingPool("vertx", new BlockingPoolSettings(2, 0), new SimpleMeterRegistry())) {
            StringBuffer name = new StringBuffer();
            CountDownLatch ran = new CountDownLatch(1);
            pool.submit(() -> {
                name.append(Thread.currentThread().getName());
                ran.countDown();
            });
            awaitQuietly(ran);
            assertEquals(name.toString(), "vertx-blocking-1");
            assertEquals(pool.threadPrefix(), "vertx-blocking-");
        }
    }

    @Test
    public void settingsOutOfRangeAreRefusedNamingTheSetting() {
        assertTrue(expectThrows(IllegalArgumentException.class, () -> new BlockingPoolSettings(0, 10)).getMessage()
                .contains("shapes.blocking.threads must be at least 1"));
        assertTrue(expectThrows(IllegalArgumentException.class, () -> new BlockingPoolSettings(1, -1)).getMessage()
                .contains("shapes.blocking.queue-capacity must not be negative"));
    }

    @Test
    public void aPoolHoldingFewerCallsThanAdmissionAdmitsIsRefusedNamingBothSettings() {
        AdmissionSettings admission = new AdmissionSettings(11000, 100, Duration.ofSeconds(2), "fixed");
        new BlockingPoolSettings(10, 10990).requireRoomFor(admission);

        String message = expectThrows(IllegalStateException.class,
                () -> new BlockingPoolSettings(10, 10000).requireRoomFor(admission)).getMessage();

        assertTrue(message.contains("shapes.blocking.threads + shapes.blocking.queue-capacity (10 + 10000) must be at "
                + "least shapes.admission.max-in-flight (11000)"), message);
        assertTrue(message.contains("raise shapes.blocking.queue-capacity to 10990 or more"), message);
    }

    @Test
    public void aRetiredPerVariantSettingIsRefusedNamingItsReplacement() {
        for (String variant : new String[] {"async", "webflux", "vertx"}) {
            MockEnvironment environment = new MockEnvironment().withProperty(variant + ".blocking.threads", "4");
            String message = expectThrows(IllegalStateException.class,
                    () -> BlockingPoolSettings.refuseRetired(environment)).getMessage();
            assertTrue(message.contains(variant + ".blocking.threads is set; set shapes.blocking.threads instead"),
                    message);
        }
        BlockingPoolSettings.refuseRetired(new MockEnvironment().withProperty("shapes.blocking.threads", "4"));
    }

    /** The harness's old command line, and admission raised past the pool, stop the app as it starts. */
    @Test
    public void startUpRefusesAnOldKeyAndAPoolSmallerThanAdmission() {
        String oldKey = startupFailure("async", "--async.blocking.queue-capacity=11000");
        assertTrue(oldKey.contains("async.blocking.queue-capacity is set; set shapes.blocking.queue-capacity instead"),
                oldKey);
        // under webflux, which has no Tomcat whose own check of admission's bounds would come first
        String tooSmall = startupFailure("webflux", "--shapes.admission.max-in-flight=2000");
        assertTrue(tooSmall.contains("must be at least shapes.admission.max-in-flight (2000)"), tooSmall);
    }

    private static String startupFailure(String variant, String argument) {
        SpringApplicationBuilder app = new SpringApplicationBuilder(ShapesLabApplication.class)
                .profiles(variant, "stub")
                .properties("server.port=0", "management.server.port=0", "spring.main.banner-mode=off");
        Throwable failure = expectThrows(RuntimeException.class, () -> app.run(argument));
        while (!(failure instanceof IllegalStateException) && failure.getCause() != null) {
            failure = failure.getCause();
        }
        assertTrue(failure instanceof IllegalStateException, "start-up failed otherwise: " + failure);
        return failure.getMessage();
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException closed) {
            Thread.currentThread().interrupt();
        }
    }
}
