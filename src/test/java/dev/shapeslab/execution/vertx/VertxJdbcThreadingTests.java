package dev.shapeslab.execution.vertx;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.JfrEvents;
import dev.shapeslab.execution.HttpTestSupport;
import dev.shapeslab.execution.ThreadRecording;
import dev.shapeslab.web.ResourcePaths;
import java.net.http.HttpResponse;
import java.util.List;
import jdk.jfr.consumer.RecordedEvent;
import org.springframework.test.context.ActiveProfiles;
import org.testng.annotations.Test;

/**
 * Over JDBC (the embedded database), a request is read and answered on one event loop while its store call, seen by
 * its JFR event as Mission Control records it, runs on the blocking pool: the JDBC work never touches an event loop.
 */
@ActiveProfiles("vertx")
public class VertxJdbcThreadingTests extends HttpTestSupport {

    @Test
    public void aRequestIsReadAndAnsweredOnAnEventLoopAndItsJdbcCallRunsOnTheWorkerPool() throws Exception {
        JfrEvents.Recorded<HttpResponse<String>> recorded = JfrEvents.whileRunning(
                () -> get(ResourcePaths.CIRCLES + "/" + createCircle()), JfrEvents.STORE_CALL);
        HttpResponse<String> response = recorded.result();
        List<RecordedEvent> events = recorded.events();

        assertEquals(response.statusCode(), 200, response.body());
        String requestThread = response.headers().firstValue(ThreadRecording.REQUEST_THREAD).orElseThrow();
        assertTrue(requestThread.startsWith(VertxThreadingTests.EVENT_LOOPS), requestThread);
        assertEquals(response.headers().firstValue(ThreadRecording.RESPONSE_THREAD).orElseThrow(), requestThread,
                "the store call's result comes back to the same event loop");
        List<RecordedEvent> storeCalls = events.stream()
                .filter(e -> List.of("insert", "findById").contains(e.getString("operation"))).toList();
        assertEquals(storeCalls.size(), 2, "a StoreCall event for the create and the read: " + events);
        storeCalls.forEach(call -> assertTrue(call.getThread().getJavaName().startsWith("vertx-blocking-"),
                call.getThread().getJavaName()));
    }
}
