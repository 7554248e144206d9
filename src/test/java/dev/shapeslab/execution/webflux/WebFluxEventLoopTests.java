package dev.shapeslab.execution.webflux;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.JfrEvents;
import dev.shapeslab.execution.HttpTestSupport;
import dev.shapeslab.execution.ThreadRecording;
import dev.shapeslab.web.ResourcePaths;
import java.net.http.HttpResponse;
import jdk.jfr.consumer.RecordedEvent;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;
import org.testng.annotations.Test;

/**
 * Under webflux a request is read and answered on its connection's event loop, and its store call runs on the blocking
 * pool. On the stub with 2 ms of latency, waited for on Reactor's timer as in {@link WebFluxThreadingTests} (3 s there,
 * for its burst; one request needs none of it): the context of {@link WebFluxOnStubTests}.
 */
@ActiveProfiles({"webflux", "stub"})
@TestPropertySource(properties = "stub.latency=2ms")
public class WebFluxEventLoopTests extends HttpTestSupport {

    /** The store call itself, seen by its JFR event (as Mission Control records it), runs on the blocking pool. */
    @Test
    public void aRequestIsReadAndAnsweredOnItsConnectionsEventLoopAndItsStoreCallRunsOnTheBlockingPool()
            throws Exception {
        JfrEvents.Recorded<HttpResponse<String>> recorded = JfrEvents.whileRunning(
                () -> get(ResourcePaths.CIRCLES + "?limit=1"), JfrEvents.STORE_CALL); // one store call
        HttpResponse<String> response = recorded.result();

        String requestThread = response.headers().firstValue(ThreadRecording.REQUEST_THREAD).orElseThrow();
        String responseThread = response.headers().firstValue(ThreadRecording.RESPONSE_THREAD).orElseThrow();
        assertTrue(requestThread.matches(WebFluxThreadingTests.EVENT_LOOPS + ".*"), requestThread);
        assertEquals(responseThread, requestThread, "the store call's result comes back to the same event loop");
        RecordedEvent read = recorded.storeCall("findPage");
        assertTrue(read.getThread().getJavaName().startsWith("webflux-blocking-"), read.getThread().getJavaName());
    }
}
