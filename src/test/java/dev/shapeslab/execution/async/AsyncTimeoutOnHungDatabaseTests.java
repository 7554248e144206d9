package dev.shapeslab.execution.async;

import static org.awaitility.Awaitility.await;
import static org.testng.Assert.assertEquals;

import dev.shapeslab.execution.BlockingPool;
import dev.shapeslab.execution.HttpTestSupport;
import dev.shapeslab.faults.FaultTests;
import dev.shapeslab.faults.FaultyDatabase;
import dev.shapeslab.web.ResourcePaths;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;
import org.testng.annotations.Test;

/**
 * Rejected means not written, for the async timeout, on a hung database:
 * <ul>
 * <li>a create whose work had started when its {@code async.timeout} passed is answered by its work, so
 * its status says whether it was stored (the timeout used to answer 503 and the write landed later);</li>
 * <li>a create still waiting in the blocking pool's queue at its timeout is answered 503 and never runs,
 * even once the database resumes and its turn on the pool comes.</li>
 * </ul>
 * One pool thread makes the order certain: the hung create holds it, the second waits behind it, and a
 * read sent after the thaw runs only after anything queued before it.
 */
@ActiveProfiles({"async", "h2"})
@TestPropertySource(properties = {"shapes.blocking.threads=1", "async.timeout=500ms"})
public class AsyncTimeoutOnHungDatabaseTests extends HttpTestSupport {

    private static final FaultyDatabase DB = new FaultyDatabase("async-timeout");

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        DB.register(registry);
    }

    @Test
    public void aCreateIsAnswered503OnlyIfItIsNeverStored() throws Exception {
        warmUp();
        awaitBusyPoolThreads(0); // the pool thread also writes the response: the warm request may still hold it
        DB.freeze();
        CompletableFuture<HttpResponse<String>> holdingThePool;
        HttpResponse<String> timedOut;
        try {
            holdingThePool = send(postCircle("started-before-the-timeout").timeout(Duration.ofSeconds(30)).build());
            awaitBusyPoolThreads(1); // the two requests travel on separate connections: keep their order
            timedOut = send(postCircle("queued-then-refused").timeout(Duration.ofSeconds(30)).build()).join();
        } finally {
            DB.thaw();
        }
        FaultTests.assertUnavailable(timedOut);

        // The second create's timeout has passed, so the first one's, sent earlier, has too.
        HttpResponse<String> started = holdingThePool.join();
        assertEquals(started.statusCode(), 201, "the work resumed with the database; its answer must say so: "
                + started.body());
        assertEquals(DB.countCircles("started-before-the-timeout"), 1);
        HttpResponse<String> later = send(HttpRequest.newBuilder(uri(ResourcePaths.CIRCLES + "?limit=1")).build()).join();
        assertEquals(later.statusCode(), 200, later.body());

        assertEquals(DB.countCircles("queued-then-refused"), 0, "the create answered 503 was stored afterwards");
    }

    /** A cold first create (JIT, Hibernate, H2) can outlast the short timeout: warm until one succeeds. */
    private void warmUp() {
        for (int attempt = 0; attempt < 20; attempt++) {
            if (send(postCircle("warm").build()).join().statusCode() == 201) {
                return;
            }
        }
        throw new AssertionError("no create succeeded within " + 20 + " attempts");
    }

    private void awaitBusyPoolThreads(int busy) {
        BlockingPool pool = applicationContext.getBean(BlockingPool.class);
        await().atMost(Duration.ofSeconds(30)).until(pool::busyThreads, threads -> threads == busy);
    }
}
