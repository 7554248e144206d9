package dev.shapeslab.execution.async;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.JfrEvents;
import dev.shapeslab.execution.HttpTestSupport;
import dev.shapeslab.web.ResourcePaths;
import java.net.http.HttpResponse;
import jdk.jfr.consumer.RecordedEvent;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;
import org.testng.annotations.Test;

/**
 * The project's own JFR events, as Mission Control would record them: a store call (entity, operation,
 * outcome, thread, duration) and the async pool's queue wait.
 */
@ActiveProfiles({"async", "stub"})
@TestPropertySource(properties = "stub.latency=2ms") // the context of AsyncOnStubTests
public class JfrEventsTests extends HttpTestSupport {

    @Test
    public void storeCallsAndPoolWaitsAreRecorded() throws Exception {
        JfrEvents.Recorded<HttpResponse<String>> recorded = JfrEvents.whileRunning(
                () -> get(ResourcePaths.CIRCLES + "/" + createCircle()), JfrEvents.STORE_CALL, JfrEvents.POOL_WAIT);

        assertEquals(recorded.result().statusCode(), 200);
        RecordedEvent insert = recorded.storeCall("insert");
        assertEquals(insert.getString("entity"), "circle");
        assertEquals(insert.getString("outcome"), "ok");
        assertTrue(insert.getThread().getJavaName().startsWith("async-blocking-"),
                insert.getThread().getJavaName());
        recorded.storeCall("findById");
        assertTrue(recorded.named(JfrEvents.POOL_WAIT).size() >= 2, "a PoolWait event per store call");
    }
}
